//! Policy tokens: `User-agent` tokens that no crawler sends, whose ordinary groups state a usage
//! preference by path (draft-kelley-aipref-training-preference-signal-00, 30 October 2026).
//!
//! The draft adds no record and no grammar: a path the token's groups disallow is a path whose
//! content the site prefers not to be used for the token's purpose. So the preference is the
//! token's verdict, found by the variant's own group selection and matching; `Robots::usage`
//! states it only where a group names the token (docs/extensions.md, "A training preference
//! written as groups", which also says what of the draft could not be read). The tokens are
//! data, here on the ground floor, because the query answers with them and the linter's
//! crawler catalogue must agree with them.

use serde::Serialize;

/// A policy token and the usage category its groups speak of.
///
/// ```
/// use robotspec::model::AI_TRAINING_POLICY;
///
/// assert_eq!(AI_TRAINING_POLICY.token, "__usage_ai-training");
/// assert_eq!(AI_TRAINING_POLICY.category, "train-ai");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PolicyToken {
    /// The product token, as its source writes it.
    pub token: &'static str,
    /// The vocabulary label of the usage it states a preference about (`train-ai`).
    pub category: &'static str,
    /// That usage, for people (`AI training`).
    pub usage: &'static str,
    /// The document that defines it.
    pub source: &'static str,
}

/// The AI-training policy token of draft-kelley-aipref-training-preference-signal-00. Its
/// spelling comes from a secondary source: the draft's body could not be read here
/// (docs/extensions.md).
pub const AI_TRAINING_POLICY: PolicyToken = PolicyToken {
    token: "__usage_ai-training",
    category: "train-ai",
    usage: "AI training",
    source: "draft-kelley-aipref-training-preference-signal-00",
};

/// Every policy token robotspec knows.
pub const POLICY_TOKENS: &[PolicyToken] = &[AI_TRAINING_POLICY];

impl PolicyToken {
    /// The policy token `token` is (ASCII case ignored, as groups compare tokens).
    pub fn find(token: &str) -> Option<PolicyToken> {
        POLICY_TOKENS
            .iter()
            .find(|p| p.token.eq_ignore_ascii_case(token))
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_found_ignoring_case_and_are_product_tokens() {
        assert_eq!(
            PolicyToken::find("__USAGE_AI-Training"),
            Some(AI_TRAINING_POLICY)
        );
        assert_eq!(PolicyToken::find("__usage_ai"), None);
        // RFC 9309's product token: `[A-Za-z_-]`, so every variant reads it whole.
        for policy in POLICY_TOKENS {
            let token = policy.token.bytes();
            assert!(token
                .clone()
                .all(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'-'));
        }
    }
}
