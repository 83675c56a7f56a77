import { useEffect } from "react";
import { AppShowcase } from "@/features/landing/components/app-showcase";
import { AudienceSection } from "@/features/landing/components/audience-section";
import { ChatWidget } from "@/features/landing/components/chat-widget";
import { CtaBand } from "@/features/landing/components/cta-band";
import { ExitIntentOffer } from "@/features/landing/components/exit-intent-offer";
import { FaqSection } from "@/features/landing/components/faq-section";
import { FeaturesSection } from "@/features/landing/components/features-section";
import { HowItWorks } from "@/features/landing/components/how-it-works";
import { LandingFooter } from "@/features/landing/components/landing-footer";
import { PricingSection } from "@/features/landing/components/pricing-section";
import { ReferralSection } from "@/features/landing/components/referral-section";
import { SavingsCalculator } from "@/features/landing/components/savings-calculator";
import { SavingsGoals } from "@/features/landing/components/savings-goals";
import { SocialProof } from "@/features/landing/components/social-proof";
import { VideoTestimonials } from "@/features/landing/components/video-testimonials";
import { NewsletterSection } from "@/features/newsletter/components/newsletter-section";
import { ReferralProgramme } from "@/features/referrals/components/referral-programme";

/** Every anchor target lives here, so an address like /#pricing is honoured once this part has arrived. */
function useScrollToHashOnArrival() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    // An arrival jumps straight there, as the browser does for a page whose anchor exists on load.
    if (id) document.getElementById(id)?.scrollIntoView({ behavior: "instant" });
  }, []);
}

/** spec 001 §2.2: the sections after the hero and live stats, in the page's order. */
export function LandingSections({
  onWatchDemo,
  onPreloadDemo,
  onOpenChat,
}: {
  onWatchDemo: () => void;
  onPreloadDemo: () => void;
  onOpenChat: () => void;
}) {
  useScrollToHashOnArrival();
  return (
    <>
      <HowItWorks />
      <FeaturesSection />
      <AudienceSection />
      <PricingSection />
      <CtaBand onWatchDemo={onWatchDemo} onPreloadDemo={onPreloadDemo} />
      <SocialProof />
      <ReferralSection>
        <ReferralProgramme />
      </ReferralSection>
      <SavingsGoals />
      <SavingsCalculator />
      <VideoTestimonials />
      <NewsletterSection />
      <FaqSection onOpenChat={onOpenChat} />
      <AppShowcase />
    </>
  );
}

/** The footer and the page's floating widgets: chat and the exit-intent offer. */
export function LandingFooterAndWidgets({
  chatOpen,
  onChatOpenChange,
}: {
  chatOpen: boolean;
  onChatOpenChange: (open: boolean) => void;
}) {
  return (
    <>
      <LandingFooter />
      <ChatWidget open={chatOpen} onOpenChange={onChatOpenChange} />
      <ExitIntentOffer />
    </>
  );
}
