// Image URLs: every stored image path is served below the site's CDN prefix (SPEC section 3).
export function buildImageUrl(cdnPrefix: string, filename: string): string {
  if (/^(https?:)?\/\//.test(filename) || filename.startsWith('data:')) return filename;
  if (!cdnPrefix) return filename.startsWith('/') ? filename : `/${filename}`;
  return `${cdnPrefix.replace(/\/+$/, '')}/${filename.replace(/^\/+/, '')}`;
}
