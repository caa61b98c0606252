/** A hint on password strength: length matters most; no character-class rules. */
export interface Strength {
  readonly score: 0 | 1 | 2 | 3;
  readonly label: string;
}

const COMMON = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'football',
  'baseball',
  'welcome1',
  'abcdefgh',
  '11111111',
  'letmein1',
]);

export function passwordStrength(password: string): Strength {
  if (password.length < 8) return { score: 0, label: 'Use at least 8 characters' };
  if (COMMON.has(password.toLowerCase())) return { score: 0, label: 'This password is too common' };
  const unique = new Set(password).size;
  const words = password
    .trim()
    .split(/[\s\-_.]+/)
    .filter((w) => w.length >= 3).length;
  if (password.length >= 16 || (password.length >= 12 && unique >= 8) || words >= 3)
    return { score: 3, label: 'Strong password' };
  if (password.length >= 10 && unique >= 6)
    return { score: 2, label: 'Good; a longer passphrase is even better' };
  return { score: 1, label: 'Fair; a few random words make a strong passphrase' };
}
