/**
 * The https form of a webcal:// address: Google Calendar's "From URL" accepts only http(s), while
 * Apple and Outlook open webcal:// directly.
 */
export function httpsFormOf(webcal: string): string {
  return webcal.replace(/^webcals?:\/\//i, 'https://');
}
