// Public entry of blocks: the service (interaction checks, block pairs) and its repository.
export { createBlocksRepository } from './blocks.repository.ts';
export { blockedBy, createBlocksService, type BlocksService } from './blocks.service.ts';
export { listBlocksBetween } from './block-staff-reads.ts';
