// Public entry of photos: the service, its repository, and how photos appear in payloads.
export { createPhotosRepository } from './photos.repository.ts';
export { createPhotosService, mainImageOf, photoLimitOf, toPhoto, type PhotosService } from './photos.service.ts';
export { processPhoto } from './photo-processing.ts';
