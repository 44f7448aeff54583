// Feature modules register their jobs here (imported for its side effects by the entry points).
export {};
