//! The exit statuses the commands end with besides 0 and 2 (main.rs's documentation lists
//! them all): 1 for an answer that is not the good one, 3 for an answer a limit left undecided.
//! Each is made here, so that one number means one thing in every command.

use std::process::ExitCode;

/// `0` when every answer was the good one (allowed, agreeing), `1` otherwise.
pub fn one_unless_all_good(all_good: bool) -> ExitCode {
    if all_good {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `0`, or `3` when some answer is undecided (`analyze`, `compare`).
pub fn three_if_undecided(undecided: bool) -> ExitCode {
    if undecided {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}
