const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes text for HTML element content and quoted attribute values. Every user-written value
 * (beneficiary, reason) goes through this before it reaches a certificate document.
 */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"'`]/g, (character) => ENTITIES[character]);
}
