import type { MyDocument, MyDocuments } from '../../../server/modules/documents/responses.ts';
import type { Wire } from './wire.ts';

/** What the documents' portal routes answer (server/modules/documents/responses.ts). */
export type StudentDocument = Wire<typeof MyDocument>;
export type StudentDocuments = Wire<typeof MyDocuments>;
