/** The islands a light page can hold (web/islands/registry.ts says what each one renders). */
export type IslandName = 'header' | 'give-box' | 'share' | 'search-form' | 'quick-add' | 'stories' | PageIslandName;

/** Islands only one page holds, whose code that page alone loads. */
export type PageIslandName = 'login' | 'contact' | 'receipts';
