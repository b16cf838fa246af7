//! What a crawler may do after a fetch: the states a variant's access policy maps each fetch
//! outcome to, and how much of a site a crawler may not fetch ([`Blocked`]). The profiles name
//! the states (`src/variant/profile.rs`), the access stage computes them (`src/access/`), and
//! both the analysis and the access stage answer in [`Blocked`], so they lie on the ground
//! floor, below all three.

crate::names::stable_names! {
    /// What a crawler may do. The variant's policy maps each fetch outcome to one of these
    /// (docs/access.md); only a 2xx response gives [`AccessState::Rules`].
    pub enum AccessState {
        /// Obey the rules parsed from the body (`Access::robots`).
        Rules = "rules",
        /// No restrictions: every URL may be crawled.
        AllowAll = "allow-all",
        /// The whole site is off limits (a definite answer, cached like a file).
        DisallowAll = "disallow-all",
        /// No definite answer: crawl nothing, fetch again after the lifetime ("temporary
        /// failure", "unreachable").
        Unreachable = "unreachable",
    }
}

crate::names::stable_names! {
    /// How much of a site a crawler may not fetch, over every request path but `/robots.txt`
    /// (docs/analysis.md): the exact analysis's answer under rules ([`Analysis::blocked`]), and
    /// a fetch result's, where the access state may decide without rules
    /// ([`Access::blocking`]). Read it as "blocked: all / some / none".
    ///
    /// [`Analysis::blocked`]: crate::analysis::Analysis::blocked
    /// [`Access::blocking`]: crate::access::Access::blocking
    pub enum Blocked {
        /// Every path is disallowed (or the access state is disallow-all).
        All = "all",
        /// Some paths are allowed and others disallowed.
        Some = "some",
        /// No path is disallowed: every path may be fetched (or the access state is
        /// allow-all).
        None = "none",
        /// The robots.txt was unreachable: crawl nothing for now. Only a fetch result says
        /// this; the analysis of rules never does.
        Unreachable = "unreachable",
        /// The exact analysis reached its limit before it could tell
        /// ([`Analysis::undecided`](crate::analysis::Analysis::undecided)).
        Undecided = "undecided",
    }
}
