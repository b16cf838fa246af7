//! What a crawler may do after a fetch: the states a variant's access policy maps each fetch
//! outcome to. The profiles name them (`src/variant/profile.rs`), the access stage computes them
//! (`src/access/`), so they lie on the ground floor, below both.

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
