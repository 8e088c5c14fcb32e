//! The widths of field names the serializer writes, remembered.

use super::text::bare_key_width;

/// [`bare_key_width`] of `'static` names, remembered by their address:
/// a small open-addressed table (a name goes in the first free slot from
/// the one its address hashes to, looking at a few; when they are all
/// taken, it takes the first one's place). Names that live for the whole
/// program never change, so what was found of one holds for every later
/// use.
#[derive(Debug, Default)]
pub(super) struct FieldKeys {
    /// (address, length, width or `usize::MAX` when the name is not
    /// bare); empty slots have address 0. Allocated at the first use.
    slots: Vec<(usize, usize, usize)>,
}

impl FieldKeys {
    const SLOTS_LOG2: u32 = 6;
    const SLOTS: usize = 1 << Self::SLOTS_LOG2;
    /// Slots looked at for a name.
    const PROBES: usize = 4;

    #[inline(always)]
    pub(super) fn bare_key_width(&mut self, key: &'static str) -> Option<usize> {
        let address = key.as_ptr() as usize;
        // Fibonacci hashing: the top bits of the address times 2^64/φ.
        let home = ((address as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::SLOTS_LOG2))
            as usize;
        match self.slots.get(home) {
            Some(&(a, len, width)) if a == address && len == key.len() => {
                (width != usize::MAX).then_some(width)
            }
            _ => self.look_further(key, home),
        }
    }

    /// [`FieldKeys::bare_key_width`] of a name not in its home slot.
    #[inline(never)]
    fn look_further(&mut self, key: &'static str, home: usize) -> Option<usize> {
        let address = key.as_ptr() as usize;
        if self.slots.is_empty() {
            self.slots.resize(Self::SLOTS, (0, 0, 0));
        }
        let mut free = home;
        for probe in 0..Self::PROBES {
            let i = (home + probe) & (Self::SLOTS - 1);
            let Some(&(a, len, width)) = self.slots.get(i) else {
                break;
            };
            if a == address && len == key.len() {
                return (width != usize::MAX).then_some(width);
            }
            if a == 0 {
                free = i;
                break;
            }
        }
        let width = bare_key_width(key);
        if let Some(slot) = self.slots.get_mut(free) {
            *slot = (address, key.len(), width.unwrap_or(usize::MAX));
        }
        width
    }
}
