import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { copyText } from "../lib/clipboard";

// spec 001 §9: the copied state lasts 2 s.
const COPIED_STATE_MS = 2000;

export function ReferralLink({ link, id = "referral-link" }: { link: string; id?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(link))) {
      toast({
        title: "Couldn't copy the link",
        description: "Select the link and copy it yourself.",
        variant: "destructive",
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
  };

  return (
    <div>
      <Label htmlFor={id}>Your invite link</Label>
      <div className="mt-1.5 flex gap-2">
        <Input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="min-w-0" />
        <Button type="button" onClick={copy} variant={copied ? "success" : "default"} className="min-w-26 shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "Invite link copied" : ""}
      </p>
    </div>
  );
}
