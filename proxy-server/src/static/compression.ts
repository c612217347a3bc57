/**
 * On-the-fly compression for what is built per request (API JSON, the page, runtime-config.json).
 * Never for event streams: compressing buffers them, and streamed text must leave at once. Files
 * already sent precompressed carry a Content-Encoding and are left alone by the middleware.
 */
import compression from 'compression';
import type { RequestHandler } from 'express';
import { STREAM_CONTENT_TYPE } from '@prompt-perfect/core/api/stream';

export function compressDynamicResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    filter(req, res) {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith(STREAM_CONTENT_TYPE)) return false;
      return compression.filter(req, res);
    },
  });
}
