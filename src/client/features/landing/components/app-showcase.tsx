import { Award, Bell, Check, Download, GraduationCap, ShoppingBag, Smartphone, X } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/hooks/use-toast";
import { Section, SectionHeading } from "./section";

function Phone({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="img"
      aria-label={label}
      className="mx-auto w-64 shrink-0 rounded-[2.25rem] border-[10px] border-slate-900 bg-white shadow-2xl"
    >
      <div className="mx-auto mt-2 h-1.5 w-14 rounded-full bg-slate-200" />
      <div className="space-y-3 p-4">{children}</div>
    </div>
  );
}

const PANELS = [
  {
    id: "kids",
    tab: "For kids",
    icon: ShoppingBag,
    title: "Shop, check out, and see every answer",
    points: ["Budget left, always visible", "Carts sent to a parent in one tap", "Wish lists and savings goals"],
    phone: (
      <Phone label="Kid's screen: $78 of $150 left this month and a cart of two items awaiting approval">
        <p className="text-xs font-medium text-slate-600">Hi Emma! Left this month</p>
        <p className="text-2xl font-extrabold text-slate-900">$78.01</p>
        <div className="h-2 rounded-full bg-slate-200">
          <div className="h-2 w-[48%] rounded-full bg-emerald-600" />
        </div>
        <div className="rounded-xl bg-slate-50 p-3 text-xs">
          <p className="font-semibold text-slate-900">Cart · 2 items · $31.50</p>
          <Badge variant="pending" className="mt-2">
            Awaiting Approval
          </Badge>
        </div>
        <div className="rounded-xl bg-brand-700 py-2 text-center text-xs font-semibold text-white">Check out</div>
      </Phone>
    ),
  },
  {
    id: "parents",
    tab: "For parents",
    icon: Bell,
    title: "Decide from anywhere in seconds",
    points: ["Approve, deny or suggest an alternative", "Auto-approval rules per child", "Spending insights by child"],
    phone: (
      <Phone label="Parent's screen: a request from Leo for soccer cleats at $45 with approve and deny buttons">
        <p className="text-xs font-medium text-slate-600">Pending approvals</p>
        <div className="rounded-xl border border-slate-200 p-3 text-xs">
          <p className="font-semibold text-slate-900">Leo · Soccer cleats</p>
          <p className="text-slate-600">Sports Hub · $45.00</p>
          <div className="mt-3 flex gap-2">
            <span className="flex flex-1 items-center justify-center gap-1 rounded-lg bg-emerald-700 py-1.5 font-semibold text-white">
              <Check className="h-3.5 w-3.5" aria-hidden /> Approve
            </span>
            <span className="flex flex-1 items-center justify-center gap-1 rounded-lg border border-slate-300 py-1.5 font-semibold text-slate-800">
              <X className="h-3.5 w-3.5" aria-hidden /> Deny
            </span>
          </div>
        </div>
        <div className="rounded-xl bg-slate-50 p-3 text-xs text-slate-700">Auto-approved: 3 purchases under $20</div>
      </Phone>
    ),
  },
  {
    id: "learning",
    tab: "Lessons & rewards",
    icon: GraduationCap,
    title: "Lessons that stick, rewards that motivate",
    points: [
      "A short lesson after each purchase",
      "Badges, levels and family challenges",
      "Chores that grow the budget",
    ],
    phone: (
      <Phone label="Lessons screen: lesson 3 of 5 in progress and the Smart Spender badge earned">
        <p className="text-xs font-medium text-slate-600">Today's lesson</p>
        <div className="rounded-xl bg-sky-50 p-3 text-xs">
          <p className="font-semibold text-sky-950">Needs vs. wants</p>
          <p className="mt-1 text-slate-700">Lesson 3 of 5 · 4 min</p>
        </div>
        <div className="flex items-center gap-3 rounded-xl bg-amber-50 p-3 text-xs">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-amber-400 text-amber-950">
            <Award className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <p className="font-semibold text-slate-900">Smart Spender</p>
            <p className="text-slate-600">Bronze → Silver · 50 points</p>
          </div>
        </div>
      </Phone>
    ),
  },
] as const;

function comingSoon(store: string) {
  toast({
    title: `Coming soon to ${store}`,
    description: "Until the app arrives, Pocketwise works in any mobile browser. Sign up to hear first.",
  });
}

/** spec 001 §2.2 "App showcase": three switchable panels and two app-store buttons. */
export function AppShowcase() {
  return (
    <Section headingId="app-title" tone="muted">
      <SectionHeading
        id="app-title"
        eyebrow="Mobile apps"
        title="Pocketwise in every pocket"
        description="One app for the whole family, with a view made for each of you."
      />
      <Tabs defaultValue="kids" className="mt-10">
        <div className="flex justify-center">
          <TabsList aria-label="App views">
            {PANELS.map((p) => (
              <TabsTrigger key={p.id} value={p.id}>
                <p.icon aria-hidden /> {p.tab}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {PANELS.map((p) => (
          <TabsContent key={p.id} value={p.id}>
            <div className="mx-auto grid max-w-4xl items-center gap-10 md:grid-cols-2">
              <div>
                <h3 className="text-2xl font-bold text-slate-900">{p.title}</h3>
                <ul className="mt-5 space-y-3 text-slate-700">
                  {p.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Check className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
              {p.phone}
            </div>
          </TabsContent>
        ))}
      </Tabs>
      <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button
          size="lg"
          className="w-full bg-slate-900 hover:bg-slate-800 sm:w-auto"
          onClick={() => comingSoon("the App Store")}
        >
          <Smartphone aria-hidden /> Download on the App Store
        </Button>
        <Button
          size="lg"
          className="w-full bg-slate-900 hover:bg-slate-800 sm:w-auto"
          onClick={() => comingSoon("Google Play")}
        >
          <Download aria-hidden /> Get it on Google Play
        </Button>
      </div>
    </Section>
  );
}
