// Reads a tree-sitter tree into `flat/mod.rs`'s entry array in one pass over tree-sitter's own
// subtrees. A `TreeCursor` answers the same questions through one library call per question
// per node (node, kind, field, extra, end, each step), each re-deriving state the walk
// already has; here a node costs a few loads. What counts as a node, its kind, its field
// and its position follow `tree_cursor.c` and `node.c` of the tree-sitter release this is
// compiled against (build.rs takes the headers from that very crate), and the test in
// `flat/tests.rs` compares every node with what stepping the cursor reads.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "./language.h"
#include "./subtree.h"
#include "./tree.h"

// Must match `flat::Entry` (`#[repr(C)]`).
typedef struct {
  TSNode node;
  uint16_t kind;
  uint16_t field;
  bool named;
  bool extra;
  uint32_t parent;
  uint32_t end;
  uint32_t end_byte;
  uint32_t kids_start;
  uint32_t kids_len;
} FlatEntry;

_Static_assert(sizeof(FlatEntry) == 64 && offsetof(FlatEntry, kids_len) == 56, "FlatEntry must match flat::Entry");

// A node whose children are being read.
typedef struct {
  const Subtree *children;
  uint32_t child_count;
  uint32_t child_index;
  uint32_t structural_index;
  // Where the next child starts (after its padding).
  Length position;
  const TSSymbol *alias_sequence;
  const TSFieldMapEntry *fields;
  const TSFieldMapEntry *fields_end;
  // The entry that is the children's parent: this node if visible, else its own parent.
  uint32_t visible_parent;
  // The field a child without one of its own reports: a hidden node's field passes to
  // its children (tree-sitter looks up through hidden ancestors).
  uint16_t inherited_field;
  // The entry this node wrote, or UINT32_MAX if hidden.
  uint32_t entry;
} Frame;

static inline TSSymbol public_symbol(const TSLanguage *language, TSSymbol symbol) {
  return symbol == ts_builtin_sym_error ? symbol : language->public_symbol_map[symbol];
}

static inline bool is_named(const TSLanguage *language, TSSymbol symbol) {
  if (symbol == ts_builtin_sym_error) return true;
  if (symbol == ts_builtin_sym_error_repeat) return false;
  return language->symbol_metadata[symbol].named;
}

static void enter(Frame *frame, const TSLanguage *language, Subtree subtree, Length position,
                 uint32_t visible_parent, uint16_t inherited_field, uint32_t entry) {
  uint16_t production = subtree.ptr->production_id;
  frame->children = ts_subtree_children(subtree);
  frame->child_count = subtree.ptr->child_count;
  frame->child_index = 0;
  frame->structural_index = 0;
  frame->position = position;
  frame->alias_sequence = ts_language_alias_sequence(language, production);
  ts_language_field_map(language, production, &frame->fields, &frame->fields_end);
  frame->visible_parent = visible_parent;
  frame->inherited_field = inherited_field;
  frame->entry = entry;
}

// Writes the tree's visible nodes in pre-order into `out` (room for `capacity`) and
// returns how many; UINT32_MAX if they do not fit or memory ran out, in which case the
// caller reads the tree with a cursor instead.
uint32_t repotoire_flat_walk(const TSTree *tree, FlatEntry *out, uint32_t capacity) {
  const TSLanguage *language = tree->language;
  Subtree root = tree->root;
  if (capacity == 0) return UINT32_MAX;
  Length start = ts_subtree_padding(root);
  TSSymbol root_symbol = ts_subtree_symbol(root);
  out[0] = (FlatEntry){
    .node = {{start.bytes, start.extent.row, start.extent.column, 0}, &tree->root, tree},
    .kind = public_symbol(language, root_symbol),
    .field = 0,
    .named = is_named(language, root_symbol),
    .extra = ts_subtree_extra(root),
    .parent = UINT32_MAX,
    .end = 1,
    .end_byte = start.bytes + ts_subtree_size(root).bytes,
  };
  uint32_t count = 1;
  if (ts_subtree_child_count(root) == 0) return count;

  uint32_t depth = 0, room = 64;
  Frame *stack = malloc(room * sizeof(Frame));
  if (!stack) return UINT32_MAX;
  enter(&stack[0], language, root, start, 0, 0, 0);
  depth = 1;

  while (depth > 0) {
    Frame *frame = &stack[depth - 1];
    if (frame->child_index == frame->child_count) {
      if (frame->entry != UINT32_MAX) out[frame->entry].end = count;
      depth--;
      continue;
    }
    const Subtree *slot = &frame->children[frame->child_index];
    Subtree child = *slot;
    Length position = frame->position;
    bool extra = ts_subtree_extra(child);
    TSSymbol alias = 0;
    uint16_t field = 0;
    if (!extra) {
      if (frame->alias_sequence) alias = frame->alias_sequence[frame->structural_index];
      for (const TSFieldMapEntry *map = frame->fields; map < frame->fields_end; map++) {
        if (!map->inherited && map->child_index == frame->structural_index) {
          field = map->field_id;
          break;
        }
      }
      if (!field) field = frame->inherited_field;
      frame->structural_index++;
    }
    Length size = ts_subtree_size(child);
    frame->position = length_add(position, size);
    frame->child_index++;
    if (frame->child_index < frame->child_count) {
      frame->position = length_add(frame->position, ts_subtree_padding(frame->children[frame->child_index]));
    }

    bool visible = ts_subtree_visible(child) || alias != 0;
    uint32_t parent = frame->visible_parent;
    uint32_t entry = UINT32_MAX;
    if (visible) {
      if (count == capacity) {
        free(stack);
        return UINT32_MAX;
      }
      TSSymbol symbol = alias ? alias : ts_subtree_symbol(child);
      entry = count++;
      out[entry] = (FlatEntry){
        .node = {{position.bytes, position.extent.row, position.extent.column, alias}, slot, tree},
        .kind = public_symbol(language, symbol),
        .field = field,
        .named = alias ? is_named(language, alias) : ts_subtree_named(child),
        .extra = extra,
        .parent = parent,
        .end = count,
        .end_byte = position.bytes + size.bytes,
      };
    }
    if (ts_subtree_child_count(child) > 0) {
      if (depth == room) {
        room *= 2;
        Frame *grown = realloc(stack, room * sizeof(Frame));
        if (!grown) {
          free(stack);
          return UINT32_MAX;
        }
        stack = grown;
      }
      enter(&stack[depth], language, child, position, visible ? entry : parent,
           visible || extra ? 0 : field, entry);
      depth++;
    }
  }
  free(stack);
  return count;
}
