// A local stand-in for S3-compatible object storage, for tests: the calls the app makes (PutObject, GetObject,
// HeadObject, CopyObject, DeleteObject) with path-style addressing, objects kept in memory. Signatures are not checked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3StandIn = {
  endpoint: string;
  /** Objects by `bucket/key`. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as `METHOD /bucket/key`, in order. */
  requests: string[];
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  // The SDK may send the body in aws-chunked encoding: "<hex size>;chunk-signature=...\r\n<data>\r\n ... 0;...\r\n".
  if (
    !String(request.headers['content-encoding'] ?? '').includes('aws-chunked') &&
    request.headers['x-amz-content-sha256'] !== 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'
  ) {
    return raw;
  }
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function sendError(response: ServerResponse, status: number, code: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const name = decodeURIComponent(url.pathname.slice(1));
      requests.push(`${request.method} /${name}`);
      const body = await readBody(request);
      const object = objects.get(name);
      switch (request.method) {
        case 'PUT': {
          const copySource = request.headers['x-amz-copy-source'];
          if (typeof copySource === 'string') {
            const source = objects.get(decodeURIComponent(copySource.replace(/^\//, '')));
            if (!source) return sendError(response, 404, 'NoSuchKey');
            objects.set(name, { ...source });
            response.writeHead(200, { 'content-type': 'application/xml' });
            return response.end(
              `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"x"</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`,
            );
          }
          objects.set(name, {
            body,
            contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
          });
          response.writeHead(200, { etag: '"x"' });
          return response.end();
        }
        case 'GET':
        case 'HEAD':
          if (!object)
            return request.method === 'HEAD'
              ? (response.writeHead(404), response.end())
              : sendError(response, 404, 'NoSuchKey');
          response.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
            etag: '"x"',
          });
          return response.end(request.method === 'GET' ? object.body : undefined);
        case 'DELETE':
          objects.delete(name);
          response.writeHead(204);
          return response.end();
        default:
          return sendError(response, 405, 'MethodNotAllowed');
      }
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
