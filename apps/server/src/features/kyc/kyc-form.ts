import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_MIMES, KYC_MAX_FILE_BYTES, type KycDocumentKind, KycNameSchema } from '@playfront/contract/kyc';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/app-error.ts';

/** Multipart limits of the KYC upload: busboy stops a file past 8 MB or a fifth file while it streams. */
export const KYC_UPLOAD_LIMITS = {
  fileSize: KYC_MAX_FILE_BYTES,
  files: KYC_DOCUMENT_KINDS.length,
  fields: 2,
  fieldSize: 1024,
  parts: KYC_DOCUMENT_KINDS.length + 2,
};

export type KycFile = { kind: KycDocumentKind; mime: 'image/png' | 'image/jpeg' | 'application/pdf'; bytes: Buffer };
export type KycForm = { fullName: string; files: KycFile[] };

const isKind = (v: string): v is KycDocumentKind => (KYC_DOCUMENT_KINDS as readonly string[]).includes(v);

/**
 * Reads `fullName` and one file per document kind (the part's field name is the kind), each checked by its bytes
 * against what the kind accepts. Every kind and the name must be there.
 */
export async function readKycForm(request: FastifyRequest): Promise<KycForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let fullName = '';
  const files = new Map<KycDocumentKind, KycFile>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        if (!isKind(part.fieldname) || files.has(part.fieldname)) throw new AppError('VALIDATION');
        const detected = await fileTypeFromBuffer(bytes);
        const mime = detected?.mime;
        if (!mime || !KYC_DOCUMENT_MIMES[part.fieldname].includes(mime)) {
          throw new AppError('KYC_FILE_INVALID', { fields: { [part.fieldname]: { key: 'errors.kycFileInvalid' } } });
        }
        files.set(part.fieldname, { kind: part.fieldname, mime: mime as KycFile['mime'], bytes });
      } else if (part.fieldname === 'fullName') {
        fullName = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('KYC_FILE_TOO_LARGE', { value: { maxBytes: KYC_MAX_FILE_BYTES } });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw new AppError('VALIDATION');
  }
  const name = KycNameSchema.safeParse(fullName);
  const missing = KYC_DOCUMENT_KINDS.filter((k) => !files.has(k));
  if (!name.success || missing.length > 0) {
    throw new AppError('KYC_DOCUMENTS_MISSING', {
      value: { missing: [...(name.success ? [] : ['fullName']), ...missing] },
    });
  }
  return { fullName: name.data, files: KYC_DOCUMENT_KINDS.map((k) => files.get(k)!) };
}
