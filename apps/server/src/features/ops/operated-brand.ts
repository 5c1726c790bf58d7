import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findBrand } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';

/** The brand an operator call works on: the one the Merchant header names, else the default one (as on the public calls). */
export async function operatedBrand(db: Db, request: FastifyRequest): Promise<BrandRow> {
  const header = request.headers.merchant;
  const merchant = Array.isArray(header) ? header[0] : header;
  const brand = await findBrand(db, merchant?.trim() || undefined);
  if (!brand) throw new AppError('NOT_FOUND');
  return brand;
}

export async function operatedBrandId(db: Db, request: FastifyRequest): Promise<number> {
  return (await operatedBrand(db, request)).id;
}
