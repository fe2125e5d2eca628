/** A file that names no application: a few personal documents and nothing else. */
import type { TextDocument } from './strategistFixtures';

export const UNRECOGNISED_FILE: TextDocument[] = [
  {
    name: 'notes-from-client.txt',
    text: `Notes from our first call - Tomasz Wiśniewski
He wants to know his options. He lives in Gdańsk and works as a marine engineer.
He has not decided what to apply for yet.
`,
  },
  {
    name: 'utility-bill.txt',
    text: `ENERGA OBRÓT (fictional)
Customer: Tomasz Wiśniewski
Billing period: 2026-01-01 to 2026-01-31
Amount due: PLN 312.40
`,
  },
];
