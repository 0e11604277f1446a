// SPDX-License-Identifier: MIT
// howto.js -- "how to play" for each game, the substance of the rules pages
// ancientgames-hare(7), ancientgames-liubo-sticks(7) and
// ancientgames-liubo-fingers(7), shortened for a first game.
export const HOWTO = {
  hare: {
    title: "The hare hunt (cercar la liebre, Alfonso X, 1283)",
    html: `
<p>One hare against 12 hunters (or 10 or 11) on the alquerque board: 25 points
joined by lines. The hunters start on the two bottom rows, the hare on c3.</p>
<ul>
<li><b>Hunters</b> step along a line to a neighbouring empty point, in any
direction. They never jump.</li>
<li><b>The hare</b> steps the same way, or jumps over a hunter next to it onto
the empty point just beyond, on the same line: that hunter is taken. It may
jump again from where it lands (and stop whenever it likes: press
<i>pass</i>).</li>
<li>The <b>hare wins</b> when the hunters are down to 9. The <b>hunters
win</b> when the hare, on its turn, cannot move.</li>
</ul>
<p>Moves are written <code>c3-d4</code> (a step) and <code>c3xe5</code> (a jump).
The library adds a draw by repetition and by a move limit.</p>`,
  },
  liubo_sticks: {
    title: "Liubo with throwing sticks (Cazaux's reconstruction)",
    html: `
<p>A race-and-capture game of Han China. Each side has six stones that enter at
station 1 and run counter-clockwise round the ring of 20 stations; from 6 or
11 a stone may instead cross the board through the centre X.</p>
<ul>
<li>Each turn begins with a <b>throw</b> of six sticks in two groups of three:
each group is worth one plus its flat faces (1 to 4). Use both values, one
per piece (an owl may take both).</li>
<li>A stone <b>entering</b> with value v lands on station v. A stone that stops
where enemy stones stand <b>takes them prisoner</b>; a stone that completes a
loop by reaching 1 frees one of its side's prisoners.</li>
<li>A stone that stops on <b>X</b> may become the <b>owl</b>, which walks the
lines either way and captures. <b>Lose your owl to an enemy stone and you
lose.</b> A side with an owl also loses if the other side, owl-less, gets five
stones on the board.</li>
</ul>
<p>Moves: <code>2:res-2</code> enters with a 2, <code>3:6-9</code> moves a stone
from 6 by 3, <code>3:6-X+</code> promotes, <code>2:owlX-A</code> moves the owl.</p>`,
  },
  liubo_fingers: {
    title: "Liubo with finger-guessing (a Chinese reconstruction)",
    html: `
<p>Both sides play <b>morra</b>: each shows 0 to 5 fingers at once and, in a
guess round, calls the total. Your choice is secret until both have chosen.</p>
<ul>
<li>In a <b>guess round</b> the single player who called the total right moves
that many steps; otherwise nobody moves and the round is played again. After
the opening round the sides take turns (scheme=alternate): the mover's count
is simply the sum of the fingers shown.</li>
<li>A piece walks exactly that many steps along the board's lines,
counter-clockwise, and <b>captures</b> the enemy pieces where it stops; it is
stopped by any piece in its way (it may halt on any point before it).</li>
<li>On a count of 1, a piece on the inner square's eight points may enter the
centre, <b>TAIJI</b>, for good. Each piece home takes a counting stick; the
2nd and 4th take the fish.</li>
<li><b>Four pieces home win</b> (4:0, 4:1, 4:2); three each is a draw.
Captured pieces are prisoners and may come back to their start corners.</li>
</ul>
<p>Choices are written <code>3/7</code> (3 fingers, calling 7) or <code>3</code>;
moves <code>Lb_N-Lf_N</code>, <code>V_SE*-M_N</code> (a flat piece),
<code>M_N-TAIJI</code>, <code>D_NE-V_SE</code> (a prisoner returns), <code>pass</code>.</p>`,
  },
};
