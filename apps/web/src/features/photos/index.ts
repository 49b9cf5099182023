// The photos feature's public entry: other features import only what is exported here.
export { useUploadPhoto } from './api/upload-photo.ts';
export { PhotosManager } from './components/photos-manager.tsx';
