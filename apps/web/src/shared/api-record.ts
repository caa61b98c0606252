/** A record as the data API returns it: its fields by name, its id and the `_version` of conflict checks. */
export type ApiRecord = Record<string, unknown> & { id: string; _version?: number };
