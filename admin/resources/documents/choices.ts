export const KIND_CHOICES = [
  { id: 'document', name: 'documents.kind.document' },
  { id: 'certificate', name: 'documents.kind.certificate' },
  { id: 'uploaded', name: 'documents.kind.uploaded' },
];
