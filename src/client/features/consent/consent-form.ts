import type { ConsentDraft } from "@shared/rules/consent-steps";
import { ChildConsentCreateSchema } from "@shared/schemas/child-consents";
import { ConsentCreateSchema } from "@shared/schemas/public-forms";
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";

/**
 * The wizard's answers: the draft the step rules read, and the signature a parent typing consent for one of
 * their children adds on the last step (docs/decisions/160); the visitor's form never shows or sends it.
 */
export type ConsentValues = ConsentDraft & { signature: string };

/** The wizard's boxes before anything is typed; the age is the box's text until it is sent. */
export const EMPTY_CONSENT: ConsentValues = {
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
  signature: "",
};

/**
 * The wizard's answers checked by the contract the server stores a consent with, whose step rules
 * (@shared/rules/consent-steps) are the ones that gate Continue, so each box shows the server's own message.
 * The age box holds digits, sent as the number they read; an unchosen method is no method. The output is the
 * request body.
 */
export const ConsentFormSchema = z.preprocess((draft: ConsentValues) => {
  const age = String(draft.childAge ?? "").trim();
  return {
    ...draft,
    childAge: /^\d+$/.test(age) ? Number(age) : undefined,
    verificationMethod: draft.verificationMethod || null,
  };
}, ConsentCreateSchema);

/**
 * The same answers given for one of the parent's children (POST /api/children/{id}/consent): the child's age
 * comes from the child, so it is not sent; an unchosen method is no method, an empty signature none.
 */
export const ChildConsentFormSchema = z.preprocess(
  ({ childAge: _age, verificationMethod, signature, ...draft }: ConsentValues) => ({
    ...draft,
    verificationMethod: verificationMethod || undefined,
    signature: signature || null,
  }),
  ChildConsentCreateSchema,
);

/** The form of either wizard; `Out` is the request body its schema makes of the answers. */
export type ConsentForm<Out = z.output<typeof ConsentFormSchema>> = UseFormReturn<ConsentValues, unknown, Out>;
