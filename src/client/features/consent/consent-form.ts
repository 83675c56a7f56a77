import type { ConsentDraft } from "@shared/rules/consent-steps";
import { ConsentCreateSchema } from "@shared/schemas/public-forms";
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";

/** The wizard's boxes before anything is typed; the age is the box's text until it is sent. */
export const EMPTY_CONSENT: ConsentDraft = {
  childAge: "",
  fullName: "",
  email: "",
  phone: "",
  relationship: "",
  verificationMethod: "",
  dataCollection: false,
  educational: false,
  thirdParty: false,
  marketing: false,
};

/**
 * The wizard's answers checked by the contract the server stores a consent with, whose step rules
 * (@shared/rules/consent-steps) are the ones that gate Continue, so each box shows the server's own message.
 * The age box holds digits, sent as the number they read; an unchosen method is no method. The output is the
 * request body.
 */
export const ConsentFormSchema = z.preprocess((draft: ConsentDraft) => {
  const age = String(draft.childAge ?? "").trim();
  return {
    ...draft,
    childAge: /^\d+$/.test(age) ? Number(age) : undefined,
    verificationMethod: draft.verificationMethod || null,
  };
}, ConsentCreateSchema);

export type ConsentForm = UseFormReturn<ConsentDraft, unknown, z.output<typeof ConsentFormSchema>>;
