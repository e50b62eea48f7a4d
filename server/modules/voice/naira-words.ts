const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0 to 999 in words, British style: "one hundred and twenty". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords = rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
  if (!hundreds) return restWords;
  return rest ? `${ONES[hundreds]} hundred and ${restWords}` : `${ONES[hundreds]} hundred`;
}

/** A whole number in words, as a Nigerian listener hears it read out: 120000 is "one hundred and twenty thousand". */
export function numberWords(value: number): string {
  const n = Math.floor(Math.abs(value));
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const g = groups[i]!;
    if (!g) continue;
    // "one million and fifty": the last group under a hundred joins with "and".
    const joiner = i === 0 && words.length && g < 100 ? 'and ' : '';
    words.push(`${joiner}${belowThousand(g)}${SCALES[i] ? ` ${SCALES[i]}` : ''}`);
  }
  return words.join(' ');
}

/** Kobo as spoken money: "one hundred and twenty thousand naira", "five naira and fifty kobo". */
export function nairaWords(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  const nairaPart = `${numberWords(naira)} naira`;
  return rest ? `${nairaPart} and ${numberWords(rest)} kobo` : nairaPart;
}
