// Public entry of mail: the mailer, its repository (development mailbox) and link extraction.
export { createMailRepository } from './mail.repository.ts';
export { extractLinks, type Mailer } from './mail.service.ts';
