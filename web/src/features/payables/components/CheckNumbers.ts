// The numbers a check's MICR line carries.

/** A US routing number: 9 digits that pass the ABA checksum (weights 3, 7, 1). */
export function routingNumberValid(n: string): boolean {
  if (!/^\d{9}$/.test(n)) return false;
  const d = [...n].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
