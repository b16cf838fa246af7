//! The budget of one analysis: the automaton states it may still build.

/// The budget of one analysis: automaton states it may still build ([`Limit::AnalysisStates`]).
///
/// [`Limit::AnalysisStates`]: crate::Limit::AnalysisStates
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Budget {
    left: usize,
}

/// The budget ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Exceeded;

impl Budget {
    pub(super) fn new(states: usize) -> Budget {
        Budget { left: states }
    }

    /// Takes `states` from the budget.
    pub(super) fn charge(&mut self, states: usize) -> Result<(), Exceeded> {
        self.left = self.left.checked_sub(states).ok_or(Exceeded)?;
        Ok(())
    }
}
