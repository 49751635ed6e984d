/** Coat colours for the avatars: each dog keeps its own (from its id), all warm and distinct. */
const COATS = [
  { coat: '#c98a4b', ear: '#8a5a2b', bg: '#fde0d2' },
  { coat: '#3d322c', ear: '#1f1915', bg: '#f4ead8' },
  { coat: '#e8c48a', ear: '#b98d4f', bg: '#dcebdf' },
  { coat: '#f6efe4', ear: '#94806a', bg: '#f8bfa3' },
  { coat: '#a8421a', ear: '#6b280e', bg: '#eef6ef' },
  { coat: '#94806a', ear: '#54453d', bg: '#fff1ea' },
];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

/**
 * A friendly dog face for one dog (no photo upload exists yet): floppy ears and a coat colour that
 * stays the same for that dog. Decorative: the dog's name is always written beside it.
 */
export function DogAvatar({ dogId, size = 56 }: { dogId: string; size?: number }) {
  const { coat, ear, bg } = COATS[hash(dogId) % COATS.length]!;
  const spot = hash(`${dogId}spot`) % 2 === 0;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none', borderRadius: '50%' }}
    >
      <circle cx="32" cy="32" r="32" fill={bg} />
      <path d="M14 18c-6 4-8 16-4 24 3 4 8 1 9-4l3-16c0-4-4-7-8-4z" fill={ear} />
      <path d="M50 18c6 4 8 16 4 24-3 4-8 1-9-4l-3-16c0-4 4-7 8-4z" fill={ear} />
      <ellipse cx="32" cy="35" rx="15" ry="17" fill={coat} />
      {spot ? <ellipse cx="25" cy="29" rx="6" ry="7" fill={ear} opacity="0.55" /> : null}
      <ellipse cx="32" cy="44" rx="8.5" ry="6.5" fill="#fbf6ee" />
      <circle cx="25.5" cy="31" r="2.4" fill="#2d2420" />
      <circle cx="38.5" cy="31" r="2.4" fill="#2d2420" />
      <ellipse cx="32" cy="40.5" rx="3.4" ry="2.4" fill="#2d2420" />
      <path
        d="M29 45.5c1.8 1.6 4.2 1.6 6 0"
        stroke="#2d2420"
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
