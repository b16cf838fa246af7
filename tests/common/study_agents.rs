//! The corpus study's default crawlers (`DEFAULT_AGENTS` in python/robotspec/study/capture.py,
//! which says why each is there), for the Rust tests and benches that ask what the study asks.

/// AI crawlers (training, search, assistants), the two big search engines, and `*`.
pub(crate) const STUDY_AGENTS: &[&str] = &[
    "GPTBot",
    "ChatGPT-User",
    "OAI-SearchBot",
    "ClaudeBot",
    "anthropic-ai",
    "CCBot",
    "Google-Extended",
    "Googlebot",
    "Bingbot",
    "PerplexityBot",
    "Applebot",
    "Applebot-Extended",
    "Bytespider",
    "meta-externalagent",
    "Amazonbot",
    "cohere-ai",
    "*",
];
