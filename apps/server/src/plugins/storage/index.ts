// Public entry of file storage: the plugin, the URL of a public file, the file-deletion job.
export {
  DELETE_FILES_JOB,
  PRIVATE_KEY_PREFIX,
  newPhotoKeys,
  UPLOADS_URL_PREFIX,
  storagePlugin,
  uploadUrl,
  type StoragePluginOptions,
} from './storage.plugin.ts';
export { createDiskStorage } from './disk-storage.ts';
export { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
export { contentTypeOf, readStoredFile, type FileStorage, type StoredFile } from './file-storage.ts';
