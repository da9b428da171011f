/** Badge colour per holding status. */
export const STATUS_VARIANT = { active: 'success', retired: 'secondary', escrowed: 'warning', pooled: 'info' } as const;
