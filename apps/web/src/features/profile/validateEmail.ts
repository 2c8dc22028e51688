/** spec §5 Added email: something@something.tld without spaces; an empty value clears the address. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}
