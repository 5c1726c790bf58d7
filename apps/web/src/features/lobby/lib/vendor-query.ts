/**
 * The vendors an address's `vassalage` names: one code, or several separated by commas (`SPB,SS`, as banners and
 * the spec's `/rng?vassalage=` links write them). Codes are trimmed and compared as the catalogue spells them.
 */
export function namedVendors(vassalage: string | null | undefined): Set<string> {
  return new Set(
    (vassalage ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  );
}
