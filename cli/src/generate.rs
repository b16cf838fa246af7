//! `robotspec completions SHELL` and `robotspec man`: shell completion scripts and a man page,
//! generated from the command-line definition itself, so they never fall behind it.
//!
//! Both take the definition as a `clap::Command` from main.rs, which owns it: they read it and
//! never reach back up for it. Both are produced in memory and then written: the generators
//! panic on a failed write, and a closed pipe (`robotspec man | head`) must end quietly like
//! every other command's output.

use std::process::ExitCode;

use clap_complete::Shell;

use crate::output::write_out;

/// Arguments of `robotspec completions`.
#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell the script is for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the completion script of `command` for the shell.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> Result<ExitCode, String> {
    let name = command.get_name().to_owned();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    write_out(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the man page (roff) of `command`: the command's page, then a section per subcommand with its
/// synopsis, description and options — one page, so that nothing refers to pages that are not
/// installed.
pub fn man(mut command: clap::Command) -> Result<ExitCode, String> {
    command.build();
    let mut page = Vec::new();
    render_page(&command, &mut page).map_err(|e| format!("cannot render the man page: {e}"))?;
    write_out(&page)?;
    Ok(ExitCode::SUCCESS)
}

fn render_page(command: &clap::Command, page: &mut Vec<u8>) -> std::io::Result<()> {
    use std::io::Write as _;
    clap_mangen::Man::new(command.clone()).render(page)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = sub.get_bin_name().unwrap_or(sub.get_name());
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        let man = clap_mangen::Man::new(sub.clone());
        let mut sections = Vec::new();
        man.render_synopsis_section(&mut sections)?;
        man.render_description_section(&mut sections)?;
        man.render_options_section(&mut sections)?;
        // Its sections become subsections of this one.
        let text = String::from_utf8_lossy(&sections).replace(".SH ", ".SS ");
        page.write_all(text.as_bytes())?;
    }
    Ok(())
}
