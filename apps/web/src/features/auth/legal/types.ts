export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDoc {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export type LegalDocType = 'agreement' | 'privacy' | 'risk';
export type LegalDocs = Record<LegalDocType, LegalDoc>;

/** Date of the current version of the three documents (shown as "last updated"). */
export const LEGAL_VERSION_DATE = '2026-11-01';
