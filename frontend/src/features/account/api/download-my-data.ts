import { downloadWithSession } from '@/lib/download-with-session.ts';

/** 'Download my data': everything the shop keeps about the signed-in customer, as one JSON file. */
export const downloadMyData = (customerToken: string) =>
  downloadWithSession('/api/account/data', 'labshop-my-data.json', customerToken, 'application/json');
