import { EMAIL_CHANGE_TOKEN_INVALID } from "@shared/schemas/account";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import { clientErrorMessage } from "@/lib/api";
import { useConfirmEmailChange } from "../api/confirm-email-change";
import { GENERIC_FAILURE } from "../lib/server-errors";

/** Posts the link's token once on arrival: the link works a single time, so a second post would fail. */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm.mutate]);

  if (!token) {
    return (
      <p role="alert" className="text-center text-slate-800">
        {EMAIL_CHANGE_TOKEN_INVALID}
      </p>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div role="status" className="grid justify-items-center gap-3 text-center">
        <CircleCheck className="h-10 w-10 text-emerald-700" aria-hidden />
        <p className="text-slate-800">
          Your e-mail is now <span className="block break-all font-semibold">{confirm.data.email}</span>
        </p>
        <p className="text-sm text-slate-600">Use it to sign in from now on. We told your old address too.</p>
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <p role="alert" className="text-center text-slate-800">
        {clientErrorMessage(confirm.error, GENERIC_FAILURE)}
      </p>
    );
  }
  return <Spinner label="Confirming your new e-mail" />;
}
