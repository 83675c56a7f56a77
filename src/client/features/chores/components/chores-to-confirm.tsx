import { ClipboardCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { useFamilyChores } from "../api/get-chores";
import { ConfirmChoreButton } from "./chore-status";

export interface ChoreChild {
  id: string;
  name: string;
  profileColor: string;
}

/** Family Dashboard: chores the children marked done, waiting for a parent. Hidden when there are none. */
export function ChoresToConfirm({ family }: { family: ChoreChild[] }) {
  const results = useFamilyChores(family.map((c) => c.id));
  const waiting = family.flatMap((child, i) =>
    (results[i]?.data ?? []).filter((c) => c.markedDoneAt && !c.isCompleted).map((chore) => ({ child, chore })),
  );
  if (waiting.length === 0) return null;

  return (
    <Card aria-labelledby="chores-to-confirm-title">
      <CardHeader>
        <CardTitle id="chores-to-confirm-title" className="flex items-center gap-2">
          <ClipboardCheck className="h-5 w-5 text-brand-700" aria-hidden />
          Chores to confirm
        </CardTitle>
        <CardDescription>Confirming adds the reward to the child's budget for this month.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {waiting.map(({ child, chore }) => (
            <li key={chore.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <ProfileInitial name={child.name} color={child.profileColor} size="sm" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{chore.title}</p>
                  <p className="text-sm text-slate-600">
                    {child.name} · ${chore.reward}
                  </p>
                </div>
              </div>
              <ConfirmChoreButton chore={chore} childName={child.name} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
