// The certificate files live in lib/ (the retirement dialogs of several features offer them too).
export * from '@/client/lib/certificate-files';
