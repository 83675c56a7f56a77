import { describe, expect, it } from "vitest";
import { SignupSchema } from "./auth";
import { CartStatusUpdateSchema, CartSubmitSchema } from "./carts";
import { CategoryCreateSchema, CategoryUpdateSchema } from "./categories";
import { ChildCreateSchema, ChildUpdateSchema } from "./children";
import { ChoreCreateSchema, ChoreUpdateSchema } from "./chores";
import { ConsentCreateSchema, DemoRequestCreateSchema } from "./public-forms";
import { AdminSetupSchema, TicketCreateSchema, TicketReplyCreateSchema } from "./staff";

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** The field messages a failed parse carries, as the API answers them. */
const messages = (result: Result) =>
  (result.error?.issues ?? []).map((i) => ({ field: i.path.join("."), message: i.message }));

const item = { name: "Toy", price: "1.00", quantity: 1 };
const consent = {
  childAge: 10,
  fullName: "Jordan Lee",
  email: "jordan@example.com",
  phone: "555-123-4567",
  relationship: "parent",
  verificationMethod: "credit-card",
  dataCollection: true,
  educational: true,
  thirdParty: true,
};
const demo = { firstName: "Sam", lastName: "Lee", email: "sam@example.com" };
const admin = { email: "staff@example.com", firstName: "Ana", lastName: "Diaz", password: "long enough password" };
const signup = { email: "a@example.com", password: "long enough password", firstName: "Pat", lastName: "Lee" };

interface Field {
  schema: string;
  /** The field as the API names it in `errors`. */
  field: string;
  message: string;
  parse: (text: string) => Result;
  /**
   * Line breaks and tabs inside: refused by default; kept by notes, descriptions and messages; dropped from a
   * web address, as the URL parser does.
   */
  lines?: "kept" | "dropped";
}

const NAME = "Name can't contain hidden or control characters";

// Every person-written text the API stores for others to read (docs/decisions/123).
const FIELDS: Field[] = [
  {
    schema: "ChildCreateSchema",
    field: "name",
    message: NAME,
    parse: (name) => ChildCreateSchema.safeParse({ name, monthlyBudget: "50.00" }),
  },
  { schema: "ChildUpdateSchema", field: "name", message: NAME, parse: (name) => ChildUpdateSchema.safeParse({ name }) },
  {
    schema: "SignupSchema",
    field: "firstName",
    message: "First name can't contain hidden or control characters",
    parse: (firstName) => SignupSchema.safeParse({ ...signup, firstName }),
  },
  {
    schema: "SignupSchema",
    field: "lastName",
    message: "Last name can't contain hidden or control characters",
    parse: (lastName) => SignupSchema.safeParse({ ...signup, lastName }),
  },
  {
    schema: "CartSubmitSchema",
    field: "retailer",
    message: "Retailer can't contain hidden or control characters",
    parse: (retailer) => CartSubmitSchema.safeParse({ retailer, items: [item] }),
  },
  {
    schema: "CartSubmitSchema",
    field: "items.0.name",
    message: "Item name can't contain hidden or control characters",
    parse: (name) => CartSubmitSchema.safeParse({ retailer: "Shop", items: [{ ...item, name }] }),
  },
  {
    schema: "CartSubmitSchema",
    field: "items.0.category",
    message: "Category can't contain hidden or control characters",
    parse: (category) => CartSubmitSchema.safeParse({ retailer: "Shop", items: [{ ...item, category }] }),
  },
  {
    schema: "CartSubmitSchema",
    field: "items.0.url",
    message: "Web address can't contain hidden or control characters",
    parse: (text) =>
      CartSubmitSchema.safeParse({ retailer: "Shop", items: [{ ...item, url: `https://shop.example/${text}` }] }),
    lines: "dropped",
  },
  {
    schema: "CartSubmitSchema",
    field: "tag",
    message: "Tag can't contain hidden or control characters",
    parse: (tag) => CartSubmitSchema.safeParse({ retailer: "Shop", items: [item], tag }),
  },
  {
    schema: "CartSubmitSchema",
    field: "notes",
    message: "Notes can't contain hidden or control characters",
    parse: (notes) => CartSubmitSchema.safeParse({ retailer: "Shop", items: [item], notes }),
    lines: "kept",
  },
  {
    schema: "CartStatusUpdateSchema",
    field: "note",
    message: "Note can't contain hidden or control characters",
    parse: (note) => CartStatusUpdateSchema.safeParse({ status: "declined", note }),
    lines: "kept",
  },
  {
    schema: "CartStatusUpdateSchema",
    field: "suggestedItem.name",
    message: "Suggested item name can't contain hidden or control characters",
    parse: (name) => CartStatusUpdateSchema.safeParse({ status: "declined", suggestedItem: { name, price: "2.00" } }),
  },
  {
    schema: "ChoreCreateSchema",
    field: "title",
    message: "Title can't contain hidden or control characters",
    parse: (title) => ChoreCreateSchema.safeParse({ title, reward: "1.00" }),
  },
  {
    schema: "ChoreCreateSchema",
    field: "description",
    message: "Description can't contain hidden or control characters",
    parse: (description) => ChoreCreateSchema.safeParse({ title: "Dishes", reward: "1.00", description }),
    lines: "kept",
  },
  {
    schema: "ChoreUpdateSchema",
    field: "description",
    message: "Description can't contain hidden or control characters",
    parse: (description) => ChoreUpdateSchema.safeParse({ description }),
    lines: "kept",
  },
  {
    schema: "CategoryCreateSchema",
    field: "name",
    message: NAME,
    parse: (name) => CategoryCreateSchema.safeParse({ name }),
  },
  {
    schema: "CategoryUpdateSchema",
    field: "name",
    message: NAME,
    parse: (name) => CategoryUpdateSchema.safeParse({ name }),
  },
  {
    schema: "TicketCreateSchema",
    field: "subject",
    message: "Subject can't contain hidden or control characters",
    parse: (subject) => TicketCreateSchema.safeParse({ subject, description: "Help", priority: "low" }),
  },
  {
    schema: "TicketCreateSchema",
    field: "description",
    message: "Description can't contain hidden or control characters",
    parse: (description) => TicketCreateSchema.safeParse({ subject: "Help", description, priority: "low" }),
    lines: "kept",
  },
  {
    schema: "TicketReplyCreateSchema",
    field: "message",
    message: "Reply can't contain hidden or control characters",
    parse: (message) => TicketReplyCreateSchema.safeParse({ message }),
    lines: "kept",
  },
  {
    schema: "ConsentCreateSchema",
    field: "fullName",
    message: "Full legal name can't contain hidden or control characters",
    parse: (fullName) => ConsentCreateSchema.safeParse({ ...consent, fullName }),
  },
  {
    schema: "DemoRequestCreateSchema",
    field: "firstName",
    message: "First name can't contain hidden or control characters",
    parse: (firstName) => DemoRequestCreateSchema.safeParse({ ...demo, firstName }),
  },
  {
    schema: "DemoRequestCreateSchema",
    field: "lastName",
    message: "Last name can't contain hidden or control characters",
    parse: (lastName) => DemoRequestCreateSchema.safeParse({ ...demo, lastName }),
  },
  {
    schema: "DemoRequestCreateSchema",
    field: "phone",
    message: "Phone can't contain hidden or control characters",
    parse: (phone) => DemoRequestCreateSchema.safeParse({ ...demo, phone }),
  },
  {
    schema: "DemoRequestCreateSchema",
    field: "company",
    message: "Organization can't contain hidden or control characters",
    parse: (company) => DemoRequestCreateSchema.safeParse({ ...demo, company }),
  },
  {
    schema: "DemoRequestCreateSchema",
    field: "message",
    message: "Message can't contain hidden or control characters",
    parse: (message) => DemoRequestCreateSchema.safeParse({ ...demo, message }),
    lines: "kept",
  },
  {
    schema: "AdminSetupSchema",
    field: "firstName",
    message: "First name can't contain hidden or control characters",
    parse: (firstName) => AdminSetupSchema.safeParse({ ...admin, firstName }),
  },
  {
    schema: "AdminSetupSchema",
    field: "lastName",
    message: "Last name can't contain hidden or control characters",
    parse: (lastName) => AdminSetupSchema.safeParse({ ...admin, lastName }),
  },
];

const cases = FIELDS.map((f) => [`${f.schema} ${f.field}`, f] as const);

describe("text that can spoof a reader is refused with the field's own message", () => {
  it.each(cases)("%s", (_name, { field, message, parse, lines }) => {
    const hidden = ["Maya\u202Egnp.exe", "Ma\u200Bya", "\u2067Maya\u2069", "Maya\u0007", "Maya\u0085x", "Ma\u2028ya"];
    for (const text of hidden) expect(messages(parse(text)), JSON.stringify(text)).toEqual([{ field, message }]);
    for (const text of ["Maya", "Zoë 👨‍👩‍👧 ❤️"]) expect(parse(text).success, text).toBe(true);
    const twoLines = "First line\r\n\tsecond line";
    if (lines) expect(parse(twoLines).success).toBe(true);
    else expect(messages(parse(twoLines))).toEqual([{ field, message }]);
  });
});

describe("a consent's e-mail with hidden characters is not an e-mail", () => {
  it.each(["jordan\u200B@example.com", "jordan@exam\u202Eple.com"])("%j", (email) => {
    expect(messages(ConsentCreateSchema.safeParse({ ...consent, email }))).toEqual([
      { field: "email", message: "Enter a valid e-mail address" },
    ]);
  });
});

describe("a consent's child age is the contract's integer", () => {
  it.each<[unknown]>([["9"], [" 10 "], [9.5], [null]])("refuses %j", (childAge) => {
    expect(messages(ConsentCreateSchema.safeParse({ ...consent, childAge }))).toEqual([
      { field: "childAge", message: "Enter an age from 8 to 16" },
    ]);
  });

  it("accepts a number", () => {
    expect(ConsentCreateSchema.safeParse({ ...consent, childAge: 9 }).success).toBe(true);
  });
});
