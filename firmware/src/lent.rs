//! [`Lent`]: memory in a `static` lent to one search at a time, for as long as
//! the search lives, outside any critical section.
//!
//! A `critical_section::Mutex<RefCell<T>>` lends its value only inside
//! `critical_section::with`, so a search over it would run all its slices with
//! interrupts masked: the opposite of what slicing is for. A [`Lent`] hands out
//! a [`Borrowed`] guard instead: the flag that says the value is out is read
//! and set in one short critical section (the Cortex-M0 has no compare-and-swap),
//! and the guard gives it back when it drops.

use core::cell::{Cell, UnsafeCell};
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use critical_section::Mutex;

/// A value in a `static`, lent to one borrower at a time.
///
/// `new` is a `const fn`: with a zero-filled value (`SudokuStack::new()`,
/// `TrailWorkspace::new()`), the whole `static` goes to `.bss`, filled at
/// compile time, never built on the stack.
pub struct Lent<T> {
    out: Mutex<Cell<bool>>,
    value: UnsafeCell<T>,
}

// SAFETY: the value is reached only through a `Borrowed`, and `borrow` hands
// out at most one at a time (the flag is tested and set in one critical
// section); `T: Send` because the borrower may run in another context than
// the one that borrowed it before.
unsafe impl<T: Send> Sync for Lent<T> {}

impl<T> Lent<T> {
    /// Holds `value`, not lent yet.
    pub const fn new(value: T) -> Self {
        Lent {
            out: Mutex::new(Cell::new(false)),
            value: UnsafeCell::new(value),
        }
    }

    /// Lends the value until the returned guard drops; `None` while it is out.
    pub fn borrow(&self) -> Option<Borrowed<'_, T>> {
        critical_section::with(|cs| {
            let out = self.out.borrow(cs);
            if out.get() {
                None
            } else {
                out.set(true);
                Some(Borrowed {
                    lent: self,
                    value: PhantomData,
                })
            }
        })
    }
}

/// The value of a [`Lent`] while it is out; dropping it gives the value back.
pub struct Borrowed<'a, T> {
    lent: &'a Lent<T>,
    /// Sends and shares as the `&mut T` it stands for.
    value: PhantomData<&'a mut T>,
}

impl<T> Deref for Borrowed<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        // SAFETY: this guard is the only one out (see `Lent::borrow`).
        unsafe { &*self.lent.value.get() }
    }
}

impl<T> DerefMut for Borrowed<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as in `deref`; `&mut self` makes this borrow unique.
        unsafe { &mut *self.lent.value.get() }
    }
}

impl<T> Drop for Borrowed<'_, T> {
    fn drop(&mut self) {
        critical_section::with(|cs| self.lent.out.borrow(cs).set(false));
    }
}
