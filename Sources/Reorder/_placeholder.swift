// Reorder
