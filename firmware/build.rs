//! Puts the chip's flash and RAM on the linker's search path as `memory.x`: the
//! LM3S6965 (`memory-lm3s6965.x`, QEMU's lm3s6965evb) for the Cortex-M3, the
//! nRF51822 (`memory-nrf51822.x`, QEMU's microbit: 16 KiB of RAM) for the
//! Cortex-M0 (`thumbv6m-none-eabi`), the STM32F405 (`memory-stm32f405.x`,
//! QEMU's netduinoplus2) for the Cortex-M4F (`thumbv7em-none-eabihf`).
//! `PLATEAU_BOARD` picks one of the 8 KiB boards instead (issue #41's stretch):
//! `lm3s811` (`memory-lm3s811.x`, QEMU's lm3s811evb) or `stm32vldiscovery`
//! (`memory-stm32f100.x`, QEMU's stm32vldiscovery); both are Cortex-M3s, so
//! build them for `thumbv7m-none-eabi`. They also set the cfg `board_8k`, which
//! leaves out the checks that need more RAM (`src/checks/mod.rs`). The files are not named `memory.x`
//! here: the linker would also find them in this folder when it links the panic
//! probe, which has its own. Adds defmt's linker script when the `defmt` feature
//! is on.

use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let target = env::var("TARGET").expect("cargo sets TARGET");
    let board = env::var("PLATEAU_BOARD").unwrap_or_default();
    println!("cargo::rustc-check-cfg=cfg(board_8k)");
    let memory = if !board.is_empty() {
        println!("cargo::rustc-cfg=board_8k");
        match board.as_str() {
            "lm3s811" => "memory-lm3s811.x",
            "stm32vldiscovery" => "memory-stm32f100.x",
            _ => panic!("PLATEAU_BOARD={board}: the boards are lm3s811 and stm32vldiscovery"),
        }
    } else if target.starts_with("thumbv7em-") {
        "memory-stm32f405.x"
    } else if target.starts_with("thumbv6m-") {
        "memory-nrf51822.x"
    } else {
        "memory-lm3s6965.x"
    };
    fs::copy(memory, out.join("memory.x")).expect("the memory-*.x files are beside Cargo.toml");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=memory-lm3s6965.x");
    println!("cargo:rerun-if-changed=memory-stm32f405.x");
    println!("cargo:rerun-if-changed=memory-nrf51822.x");
    println!("cargo:rerun-if-changed=memory-lm3s811.x");
    println!("cargo:rerun-if-changed=memory-stm32f100.x");
    println!("cargo:rerun-if-env-changed=PLATEAU_BOARD");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var_os("CARGO_FEATURE_DEFMT").is_some() {
        println!("cargo:rustc-link-arg=-Tdefmt.x");
    }
}
