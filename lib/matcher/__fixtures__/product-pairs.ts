// Product-shaped pairs (a team's decisions, constraints, deadlines, preferences) for the matcher's
// paraphrase judgement (issue 24, deliver item 3). Written for this table, apart from the issue's own
// examples (marked), so it is not the rules' training set. Pinned by product-pairs.test.ts.
export type PairCategory =
  | "imperative / passive with modal"
  | "allowed / may not"
  | "prefers / likes best"
  | "active / passive"
  | "nominalization"
  | "different object"
  | "different actor"
  | "different time"
  | "different number"
  | "negated / opposite / other action"
  | "modality, tense, report, said otherwise"
  | "different modality"
  | "upper limit said otherwise"
  | "another bound";

export interface ProductPair {
  category: PairCategory;
  a: string;
  b: string;
  /** true: a reviewer would merge the two; false: they are two facts (never a duplicate) */
  duplicate: boolean;
}

const dup = (category: PairCategory, pairs: [string, string][]): ProductPair[] =>
  pairs.map(([a, b]) => ({ category, a, b, duplicate: true }));
const apart = (category: PairCategory, pairs: [string, string][]): ProductPair[] =>
  pairs.map(([a, b]) => ({ category, a, b, duplicate: false }));

export const PRODUCT_PAIRS: ProductPair[] = [
  ...dup("imperative / passive with modal", [
    ["Ship offline mode by end of Q3.", "Offline mode must be shipped by the end of Q3."], // the issue's
    ["Migrate the billing service to Postgres by March.", "The billing service must be migrated to Postgres by March."],
    ["Freeze the API before the beta.", "The API should be frozen before the beta."],
    ["Archive the old dashboards by Friday.", "The old dashboards must be archived by Friday."],
    ["Rotate the staging credentials every month.", "The staging credentials must be rotated every month."],
    ["Translate the onboarding emails into Spanish.", "The onboarding emails should be translated into Spanish."],
    ["Ship offline mode by end of Q3.", "Offline mode needs to be shipped by the end of Q3."],
    ["Upgrade Node to version 22 before the audit.", "Node has to be upgraded to version 22 before the audit."],
    ["Deprecate the v1 endpoints by June.", "The v1 endpoints will be deprecated by June."],
    ["Document every public API.", "Every public API must be documented."],
    ["Back up the production database nightly.", "The production database must be backed up nightly."],
    ["Send the invoices on the first of the month.", "Invoices are to be sent on the first of the month."],
    ["Keep the design system in one repository.", "The design system should be kept in one repository."],
    ["Encrypt all customer exports.", "All customer exports must be encrypted."],
    ["Use TypeScript for all new services.", "All new services should be written in TypeScript."],
    ["Never store passwords in plain text.", "Passwords must not be stored in plain text."],
    ["Tag every release in Git.", "Every release must be tagged in Git."],
    ["Review the pricing page before launch.", "The pricing page has to be reviewed before launch."],
  ]),
  ...dup("allowed / may not", [
    ["No new vendors are allowed for the project.", "The project may not use any new vendors."], // the issue's
    ["No customer data is allowed in the test environment.", "The test environment may not contain any customer data."],
    ["No meetings are allowed on Fridays.", "Meetings may not be scheduled on Fridays."],
    ["Contractors are not allowed to access production.", "Contractors may not access production."],
    ["No overtime is allowed during the freeze.", "Staff may not work overtime during the freeze."],
    ["Interns are not permitted to merge to main.", "Interns cannot merge to main."],
    [
      "Personal laptops are not allowed on the production network.",
      "Personal laptops may not connect to the production network.",
    ],
    ["No direct pushes to main are allowed.", "Nobody may push directly to main."],
    ["Weekend deploys are not allowed.", "Deploys may not happen on weekends."],
    ["External fonts are not permitted in the app.", "The app may not load external fonts."],
    ["No paid tools are allowed without approval.", "Paid tools may not be used without approval."],
    ["Sharing customer lists with partners is not allowed.", "Customer lists may not be shared with partners."],
    [
      "Third-party trackers are forbidden on the checkout page.",
      "The checkout page may not include third-party trackers.",
    ],
    ["Don't deploy on Fridays.", "Deploys are not allowed on Fridays."],
    ["Do not share the staging password.", "Sharing the staging password is not allowed."],
    ["Nobody is allowed to skip code review.", "Code review may not be skipped."],
    ["Pets are not allowed in the office.", "Pets may not come into the office."],
  ]),
  ...dup("prefers / likes best", [
    ["Marcus prefers dark roast coffee.", "Marcus likes dark-roast coffee best."], // the issue's
    ["Priya prefers async standups.", "Priya likes async standups best."],
    ["The design team prefers Figma.", "The design team likes Figma best."],
    ["Lena prefers morning meetings.", "Lena likes morning meetings the most."],
    ["Omar prefers written specs over calls.", "Omar likes written specs better than calls."],
    ["The support team prefers Zendesk.", "Zendesk is what the support team likes best."],
    ["Aisha prefers Slack to email.", "Aisha likes Slack better than email."],
    ["The CTO prefers monorepos.", "Monorepos are what the CTO likes best."],
    ["Jonas prefers working from the Berlin office.", "Jonas likes working from the Berlin office best."],
    ["Customers prefer the annual plan.", "Customers like the annual plan best."],
    ["Marcus prefers oat milk.", "Marcus's favourite is oat milk."],
    ["The mobile team prefers Kotlin.", "Kotlin is the mobile team's preferred language."],
    ["Marcus prefers tea to coffee.", "Marcus likes tea better than coffee."],
    ["The team prefers two-week sprints.", "Two-week sprints are the team's favourite."],
    ["Our customers prefer invoices by email.", "Our customers like invoices by email best."],
  ]),
  ...dup("active / passive", [
    ["The vendor approved the proposal.", "The proposal was approved by the vendor."],
    ["Legal reviewed the new contract.", "The new contract was reviewed by legal."],
    ["Dana owns the release checklist.", "The release checklist is owned by Dana."],
    ["The security team audits the payment service.", "The payment service is audited by the security team."],
    ["Finance approved the travel budget.", "The travel budget was approved by finance."],
    ["The platform team maintains the build cache.", "The build cache is maintained by the platform team."],
    ["The board approved the hiring plan.", "The hiring plan was approved by the board."],
    ["Marketing will announce the partnership.", "The partnership will be announced by marketing."],
    ["The QA team found the regression.", "The regression was found by the QA team."],
    ["Procurement signed the Okta contract on Monday.", "The Okta contract was signed by procurement on Monday."],
    ["Customers have requested dark mode.", "Dark mode has been requested by customers."],
    [
      "An outage in the payment gateway delayed the release.",
      "The release was delayed by an outage in the payment gateway.",
    ],
    ["We record customer calls.", "Customer calls are recorded."],
    ["Priya will write the release notes.", "The release notes will be written by Priya."],
    ["The CEO signed off on the budget.", "The budget was signed off by the CEO."],
    ["Engineering rejected the proposal.", "The proposal was rejected by engineering."],
  ]),
  ...dup("nominalization", [
    ["The launch of the mobile app is on Friday.", "The mobile app launches on Friday."],
    ["The migration of the user database is planned for June.", "The user database will be migrated in June."],
    ["The release of version 2 is on May 3.", "Version 2 is released on May 3."],
    ["The renewal of the Datadog contract is due in April.", "The Datadog contract renews in April."],
    ["The deployment of the new pricing page is on Tuesday.", "The new pricing page deploys on Tuesday."],
    ["Completion of the security review is expected by July.", "The security review is expected to complete by July."],
    ["The rollout of single sign-on starts in May.", "Single sign-on rolls out in May."],
    ["The closure of the Austin office is planned for December.", "The Austin office will close in December."],
    ["Approval of the budget is expected next week.", "The budget is expected to be approved next week."],
    ["The hiring of two designers is on hold.", "Hiring two designers is on hold."],
    ["The redesign of the settings page is finished.", "The settings page has been redesigned."],
    ["The acquisition of Acme closed in March.", "Acme was acquired in March."],
    [
      "The replacement of Jenkins with GitHub Actions is planned for Q2.",
      "Jenkins will be replaced with GitHub Actions in Q2.",
    ],
    ["The decision was to hire two engineers.", "We decided to hire two engineers."],
    ["The deadline for the migration is June 30.", "The migration is due on June 30."],
    ["The expiration of the contract is at the end of 2025.", "The contract expires at the end of 2025."],
    ["The cancellation of the offsite was announced on Monday.", "The offsite was cancelled, as announced on Monday."],
    ["Approval of the new logo came from the board.", "The board approved the new logo."],
    ["Delivery of the hardware is expected in April.", "The hardware is expected to be delivered in April."],
  ]),
  ...apart("different object", [
    [
      "The on-call rotation for the localisation database starts by end of Q5.",
      "The on-call rotation for the localisation queue starts after the release.",
    ], // the (bench near-miss)
    ["Ship the billing dashboard by end of Q3.", "Ship the billing API by end of Q3."],
    ["The team chose Postgres for the analytics store.", "The team chose Postgres for the job queue."],
    ["Freeze the mobile app before the beta.", "Freeze the web app before the beta."],
    ["Marcus prefers dark roast coffee.", "Marcus prefers green tea."],
    ["No new vendors are allowed for the project.", "No new hires are allowed for the project."],
    ["The team will migrate the billing service to Postgres.", "The team will migrate the search service to Postgres."],
    ["Encrypt all customer exports.", "Encrypt all customer backups."],
    ["Legal must review the vendor contract.", "Legal must review the vendor invoice."],
    ["The login page must load in under a second.", "The checkout page must load in under a second."],
    ["Aisha prefers Slack to email.", "Aisha prefers Slack to Zoom."],
    ["The outage took down the payments API.", "The outage took down the payments dashboard."],
    ["We are dropping support for Internet Explorer.", "We are dropping support for Safari 14."],
    ["The design review covers the onboarding flow.", "The design review covers the pricing flow."],
    ["Use TypeScript for all new services.", "Use Go for all new services."],
    ["We decided to hire two engineers.", "We decided to hire two designers."],
    ["Customer calls are recorded.", "Sales calls are recorded."],
    ["Priya will write the release notes.", "Priya will write the launch blog post."],
    ["The expiration of the contract is at the end of 2025.", "The expiration of the lease is at the end of 2025."],
    ["Lin leads the mobile team.", "Lin leads the web team."],
  ]),
  ...apart("different actor", [
    ["The audit widget failed 4 times this week.", "The chat audit failed 4 times this week."], // the issue's
    ["Lin owns the release checklist.", "Marcus owns the release checklist."],
    ["Legal reviewed the new contract.", "Finance reviewed the new contract."],
    ["Priya prefers async standups.", "Omar prefers async standups."],
    ["The security team audits the payment service.", "The payment service is audited by an external firm."],
    ["Dana will present the roadmap on Monday.", "Lena will present the roadmap on Monday."],
    ["The board approved the hiring plan.", "The CFO approved the hiring plan."],
    ["Marketing will announce the partnership.", "Sales will announce the partnership."],
    ["The QA team found the regression.", "A customer found the regression."],
    ["Aisha will run the retro.", "Jonas will run the retro."],
    ["The mobile team prefers Kotlin.", "The backend team prefers Kotlin."],
    ["Our auditors requested the access logs.", "Our customers requested the access logs."],
    ["The hiring plan was approved by the board.", "The hiring plan was approved by the CFO."],
    ["The CEO signed off on the budget.", "The CFO signed off on the budget."],
    ["Engineering rejected the proposal.", "The customer rejected the proposal."],
    ["Priya will write the release notes.", "The release notes will be written by Omar."],
    ["The board approved the new logo.", "Approval of the new logo came from the design team."],
  ]),
  ...apart("different time", [
    ["The mobile app launches on Friday.", "The mobile app launches on Monday."],
    ["Ship offline mode by end of Q3.", "Ship offline mode by end of Q4."],
    ["The security review is due in July.", "The security review is due in September."],
    ["The launch of the mobile app is on Friday.", "The mobile app launches next week."],
    ["The Datadog contract renews in April.", "The Datadog contract renews in October."],
    ["The offsite is on March 12.", "The offsite is on March 19."],
    ["The outage started at 9am.", "The outage started at 11am."],
    ["The payment gateway failed yesterday.", "The payment gateway failed last Thursday."],
    ["The rollout of single sign-on starts in May.", "Single sign-on rolls out in August."],
    ["The Austin office will close in December.", "The Austin office will close next spring."],
    ["We decided on Monday to pause hiring.", "We decided on Wednesday to pause hiring."],
    ["The board meets every quarter.", "The board meets every month."],
    ["The contract was signed in 2023.", "The contract was signed in 2024."],
    ["The contract expires at the end of 2025.", "The contract expires at the end of 2026."],
    ["The deadline for the migration is June 30.", "The migration is due on July 15."],
    ["Support replies within 4 hours on weekdays.", "Support replies within 4 hours on weekends."],
    ["The retro happens every Friday.", "The retro happens every other Friday."],
    [
      "The cancellation of the offsite was announced on Monday.",
      "The offsite was cancelled, as announced on Thursday.",
    ],
  ]),
  ...apart("different number", [
    ["The team has 5 engineers.", "The team has 7 engineers."],
    ["The budget for the offsite is $20,000.", "The budget for the offsite is $25,000."],
    ["Page load must stay under 2 seconds.", "Page load must stay under 3 seconds."],
    ["We support 3 languages at launch.", "We support 5 languages at launch."],
    ["The API allows 100 requests per minute.", "The API allows 500 requests per minute."],
    ["Uptime must be at least 99.9%.", "Uptime must be at least 99.5%."],
    ["We need two more designers.", "We need three more designers."],
    ["The free tier includes 10 GB of storage.", "The free tier includes 50 GB of storage."],
    ["Support replies within 4 hours.", "Support replies within 24 hours."],
    ["The release has 12 open bugs.", "The release has 21 open bugs."],
    ["Churn rose to 6 percent last quarter.", "Churn rose to 8 percent last quarter."],
    ["The seat price is $15 per month.", "The seat price is $18 per month."],
    ["Every release needs two approvals.", "Every release needs three approvals."],
    ["We decided to hire two engineers.", "We decided to hire four engineers."],
    ["The API must respond within 200 ms.", "The API must respond within 500 ms."],
    ["The budget is capped at $50,000.", "The budget is capped at $60,000."],
  ]),
  ...apart("negated / opposite / other action", [
    ["Don't deploy on Fridays.", "Deploy on Fridays."],
    ["Marcus likes meetings before 10am.", "Marcus dislikes meetings before 10am."],
    ["The office closes at 6pm.", "The office opens at 6pm."],
    ["Priya owns the release notes.", "Priya reviews the release notes."],
  ]),
  ...dup("modality, tense, report, said otherwise", [
    ["The team will use Postgres for analytics.", "The team is going to use Postgres for analytics."],
    ["We launch on Friday.", "We will launch on Friday."],
    ["The team decided to use Postgres for analytics.", "Postgres will be used for analytics."],
    ["We agreed that the launch moves to May.", "The launch moves to May."],
    ["Priya said the launch is on Friday.", "The launch is on Friday."],
    ["All new hires need a laptop by day one.", "Every new hire needs a laptop by day one."],
    ["The app must support offline mode.", "The app has to support offline mode."],
    ["The app must support offline mode.", "Offline mode must be supported by the app."],
    ["The team needs to finish the audit by Friday.", "The audit must be finished by Friday."],
    ["Customers can't export reports yet.", "Customers are not able to export reports yet."],
    ["The budget is capped at $50,000.", "The budget cannot exceed $50,000."],
    ["Marcus is the owner of the billing migration.", "Marcus owns the billing migration."],
    ["Lin leads the mobile team.", "Lin is the lead of the mobile team."],
    ["We're moving the standup to 10am.", "The standup is moving to 10am."],
    ["The free plan is limited to three projects.", "The free plan allows at most three projects."],
    ["Only admins can delete workspaces.", "Workspaces can only be deleted by admins."],
    ["The pricing page launch is planned for next week.", "The pricing page is planned to launch next week."],
    ["Dana prefers to review PRs in the morning.", "Dana likes reviewing PRs in the morning best."],
  ]),
  ...apart("different modality", [
    ["We launch on Friday.", "We might launch on Friday."],
    ["Only admins can delete workspaces.", "Admins cannot delete workspaces."],
    ["The app must support offline mode.", "The app does not need to support offline mode."],
    ["Marcus owns the billing migration.", "Marcus used to own the billing migration."],
  ]),
  // Written with the upper-limit reading (paraphrase.ts upperLimit), so in-sample for it.
  ...dup("upper limit said otherwise", [
    ["Meetings are capped at 30 minutes.", "Meetings may not exceed 30 minutes."],
    ["The team can spend at most $5,000 on travel.", "Travel spending is capped at $5,000 for the team."],
    ["Uploads are limited to 10 MB.", "Uploads cannot be larger than 10 MB."],
    ["Each workspace has a maximum of 50 seats.", "Each workspace has at most 50 seats."],
    ["Standups should last no more than 15 minutes.", "Standups should last at most 15 minutes."],
  ]),
  ...apart("another bound", [
    ["The budget is capped at $50,000.", "The budget must exceed $50,000."],
    ["Meetings are capped at 30 minutes.", "Meetings last at least 30 minutes."],
    ["Uploads are limited to 10 MB.", "Uploads are limited to 20 MB."],
    ["The budget is capped at $50,000.", "The budget is not capped."],
    ["Meetings may not exceed 30 minutes.", "Meetings may exceed 30 minutes."],
    ["Each workspace has at most 50 seats.", "Each workspace has at least 50 seats."],
  ]),
];

/** Written after the fixes of issue 24 and not tuned on: how the readings carry to pairs nobody fitted them to. */
export const LATER_PAIRS: ProductPair[] = [
  ...dup("imperative / passive with modal", [
    ["Publish the roadmap on the wiki.", "The roadmap must be published on the wiki."],
    ["Cut the release branch on Thursday.", "The release branch should be cut on Thursday."],
    [
      "Sunset the legacy importer by the end of the year.",
      "The legacy importer must be sunset by the end of the year.",
    ],
    ["Pin all dependency versions.", "All dependency versions must be pinned."],
  ]),
  ...dup("allowed / may not", [
    ["No production changes are allowed during the audit.", "Production may not be changed during the audit."],
    ["Vendors are not allowed to see the roadmap.", "Vendors may not see the roadmap."],
    ["No code is allowed to ship without tests.", "Code may not ship without tests."],
    ["Don't merge without a green build.", "Merging without a green build is not allowed."],
  ]),
  ...dup("prefers / likes best", [
    ["Sofia prefers pair programming.", "Sofia likes pair programming best."],
    ["The QA team prefers staging over local testing.", "The QA team likes staging better than local testing."],
    ["Tom prefers Thursday demos.", "Thursday demos are Tom's favourite."],
  ]),
  ...dup("active / passive", [
    ["The auditors flagged the expense report.", "The expense report was flagged by the auditors."],
    ["Nadia approved the vacation policy.", "The vacation policy was approved by Nadia."],
    ["Our largest customer requested SSO.", "SSO was requested by our largest customer."],
  ]),
  ...dup("nominalization", [
    ["The launch of the partner portal is on June 2.", "The partner portal launches on June 2."],
    ["The shutdown of the old API is planned for March.", "The old API will shut down in March."],
    ["The review of the hiring plan happens on Monday.", "The hiring plan is reviewed on Monday."],
    ["The move to the new office is in August.", "We move to the new office in August."],
  ]),
  ...apart("different object", [
    ["Publish the roadmap on the wiki.", "Publish the changelog on the wiki."],
    ["Sofia prefers pair programming.", "Sofia prefers code reviews."],
    ["The auditors flagged the expense report.", "The auditors flagged the travel policy."],
    ["The shutdown of the old API is planned for March.", "The shutdown of the old dashboard is planned for March."],
  ]),
  ...apart("different actor", [
    ["Nadia approved the vacation policy.", "Tom approved the vacation policy."],
    ["The auditors flagged the expense report.", "The CFO flagged the expense report."],
    ["Our largest customer requested SSO.", "Our smallest customer requested SSO."],
  ]),
  ...apart("different time", [
    ["The partner portal launches on June 2.", "The partner portal launches on June 9."],
    ["The hiring plan is reviewed on Monday.", "The hiring plan is reviewed on Friday."],
    ["Cut the release branch on Thursday.", "Cut the release branch next Thursday."],
    ["The old API will shut down in March.", "The old API will shut down in the second quarter."],
  ]),
  ...apart("different number", [
    ["Code coverage must stay above 80 percent.", "Code coverage must stay above 70 percent."],
    ["We hire 4 engineers this quarter.", "We hire 6 engineers this quarter."],
  ]),
];
