import { scorePair } from "@/lib/review/matcher";
const pairs = [
  ["Offline mode ships by end of Q3", "offline mode will ship by the end of Q3"],
  ["We will ship offline mode by end of Q3", "We will ship offline mode by end of Q4"],
  ["Melanie has two younger sisters.", "Melanie has two younger brothers."],
  ["The man is smiling.", "There is no man smiling."],
  ["Alice prefers tea.", "Bob prefers tea."],
  ["The budget is $40,000.", "The budget is $50,000."],
  ["The meeting is on Monday.", "The meeting is on Tuesday."],
  ["Prices will increase next year.", "Prices will decrease next year."],
  ["The cat sat on the mat.", "Quarterly revenue grew strongly."],
  ["Caroline is not going to the party.", "Caroline isn't going to the party."],
  ["A man is playing a guitar.", "A man plays the guitar."],
];
for (const [a, b] of pairs) {
  const r = scorePair(a!, b!);
  console.log(r.verdict, r.stage, r.score.toFixed(3), "|", r.reason);
}
