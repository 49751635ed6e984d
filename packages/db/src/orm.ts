/** The ORM, through one door, so every service uses the same Drizzle and no other. */
export * from 'drizzle-orm';
