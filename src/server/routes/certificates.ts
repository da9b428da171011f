import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseCertificateId } from '@/domain/certificates/certificate-id';
import { NotFoundError } from '@/domain/errors';
import { certificate, verifyQuery, verifyResponse } from '@/shared/schemas/certificate';
import { errorResponse, plainTextQuery } from '@/shared/schemas/common';
import type { AppDeps } from '@/server/app-deps';
import { certificateHtml, certificatePdf, certificateQrPng } from '@/server/services/certificate-documents';
import { findCertificateRecord, toCertificateDocument, toCertificateJson } from '@/server/services/certificate-queries';
import { verifyRetirement } from '@/server/services/verify-retirement';
import { publicBaseUrl } from './public-base-url';
import { fileResponse } from './file-responses';

const idParams = z.object({ id: plainTextQuery('id', 100) });
const documentQuery = z.object({ download: z.enum(['0', '1']).optional() });
// PDFs and QR codes cost CPU; a public page needs far fewer than this per visitor.
const documentRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Public certificate pages, documents and verification: no sign-in needed, ids are unguessable. */
export function certificateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;

  async function load(request: FastifyRequest, rawId: string) {
    const id = normaliseCertificateId(rawId);
    const record = id ? await findCertificateRecord(db, id) : null;
    if (!record) throw new NotFoundError('Certificate not found');
    return toCertificateJson(record, publicBaseUrl(request, config));
  }

  const fileName = (id: string, extension: string) => `retirement-certificate-${id}.${extension}`;

  return async (app) => {
    app.get('/certificates/:id', {
      schema: { tags: ['certificates'], params: idParams, response: { 200: certificate, 404: errorResponse } },
    }, async (request) => load(request, request.params.id));

    app.get('/certificates/:id/html', {
      config: documentRateLimit,
      schema: {
        tags: ['certificates'], params: idParams, querystring: documentQuery,
        response: { 200: fileResponse('text/html', 'The certificate as a page (download=1: as an attachment)'), 404: errorResponse },
      },
    }, async (request, reply) => {
      const json = await load(request, request.params.id);
      const html = await certificateHtml(toCertificateDocument(json));
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `${disposition}; filename="${fileName(json.certificateId, 'html')}"`)
        .send(html);
    });

    app.get('/certificates/:id/pdf', {
      config: documentRateLimit,
      schema: {
        tags: ['certificates'], params: idParams, querystring: documentQuery,
        response: { 200: fileResponse('application/pdf', 'The certificate as a PDF (download=1: as an attachment)'), 404: errorResponse },
      },
    }, async (request, reply) => {
      const json = await load(request, request.params.id);
      const pdf = await certificatePdf(toCertificateDocument(json));
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${fileName(json.certificateId, 'pdf')}"`)
        .send(pdf);
    });

    app.get('/certificates/:id/qr.png', {
      config: documentRateLimit,
      schema: { tags: ['certificates'], params: idParams, response: { 200: fileResponse('image/png', 'A QR code of the certificate URL'), 404: errorResponse } },
    }, async (request, reply) => {
      const json = await load(request, request.params.id);
      return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(await certificateQrPng(json.certificateUrl));
    });

    app.get('/verify', {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: { tags: ['certificates'], querystring: verifyQuery, response: { 200: verifyResponse, 400: errorResponse } },
    }, async (request) => verifyRetirement(db, request.query.query, request.query.digest, publicBaseUrl(request, config)));
  };
}
