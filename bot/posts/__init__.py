"""What a game shows: posts (text lines, boards, hands), pictures drawn on the render
thread with their words, forms in words. Pure reads of a loaded game; no Discord, no store."""
