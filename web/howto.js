// SPDX-License-Identifier: MIT
// howto.js -- "how to play" for each game, in each language of i18n.js, the substance of the rules pages
// ancientgames-hare(7), ancientgames-fox-and-hens(7), ancientgames-liubo-sticks(7)
// and ancientgames-liubo-fingers(7), shortened for a first game.
export const HOWTO = {
  en: {
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
    fox_and_hens: {
      title: "The fox and the hens (le renard et les poules, 14th century)",
      html: `
  <p>The hare hunt's rule on the cross of 33 points: one fox against 13 hens (or
  15 or 17). The hens start on the three bottom rows, the fox on the centre d4.</p>
  <ul>
  <li><b>Hens</b> step along a line to a neighbouring empty point, in any
  direction. They never jump.</li>
  <li><b>The fox</b> steps the same way, or jumps over a hen next to it onto the
  empty point just beyond, on the same line: that hen is taken. It may jump again
  from where it lands (and stop whenever it likes: press <i>pass</i>).</li>
  <li>The <b>fox wins</b> when the hens are down to 9. The <b>hens win</b> when
  the fox, on its turn, cannot move.</li>
  </ul>
  <p>Moves are written <code>d4-d5</code> (a step) and <code>d4xd6</code> (a jump).
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
  },
  fr: {
    hare: {
      title: "La chasse au lièvre (cercar la liebre, Alphonse X, 1283)",
      html: `
<p>Un lièvre contre 12 chasseurs (ou 10 ou 11) sur le plateau d'alquerque :
  25 points reliés par des lignes. Les chasseurs partent des deux rangées du
bas, le lièvre de c3.</p>
<ul>
<li>Les <b>chasseurs</b> avancent le long d'une ligne vers un point voisin
libre, dans toutes les directions. Ils ne sautent jamais.</li>
<li>Le <b>lièvre</b> se déplace de même, ou saute par-dessus un chasseur voisin
vers le point libre juste derrière, sur la même ligne : ce chasseur est pris.
Il peut enchaîner les prises depuis son point d'arrivée (et s'arrêter quand il
veut : bouton <i>Passer</i>).</li>
<li>Le <b>lièvre gagne</b> quand il ne reste que 9 chasseurs. Les
<b>chasseurs gagnent</b> quand le lièvre, à son tour, ne peut plus bouger.</li>
</ul>
<p>Les coups s'écrivent <code>c3-d4</code> (un pas) et <code>c3xe5</code> (une
prise). La bibliothèque ajoute la nulle par répétition et par limite de
coups.</p>`,
    },
    fox_and_hens: {
      title: "Le renard et les poules (XIVe siècle)",
      html: `
  <p>La règle de la chasse au lièvre sur la croix de 33 points : un renard contre
  13 poules (ou 15, ou 17). Les poules partent des trois rangées du bas, le renard
  du centre d4.</p>
  <ul>
  <li><b>Les poules</b> avancent d'un point le long d'une ligne vers un point
  voisin libre, dans toutes les directions. Elles ne sautent jamais.</li>
  <li><b>Le renard</b> se déplace de même, ou saute par-dessus une poule voisine
  vers le point libre juste derrière, sur la même ligne : la poule est prise. Il
  peut sauter encore depuis son point d'arrivée (et s'arrêter quand il veut :
  <i>passer</i>).</li>
  <li>Le <b>renard gagne</b> quand il ne reste plus que 9 poules. Les <b>poules
  gagnent</b> quand le renard, à son tour, ne peut plus bouger.</li>
  </ul>
  <p>Les coups s'écrivent <code>d4-d5</code> (un pas) et <code>d4xd6</code> (un
  saut). La bibliothèque ajoute la nulle par répétition et par limite de coups.</p>`,
    },
    liubo_sticks: {
      title: "Le liubo aux bâtonnets (reconstitution de Cazaux)",
      html: `
<p>Un jeu de course et de prise de la Chine des Han. Chaque camp a six pierres
qui entrent par la station 1 et tournent dans le sens inverse des aiguilles
d'une montre sur l'anneau de 20 stations ; depuis 6 ou 11, une pierre peut
aussi traverser le plateau par le centre X.</p>
<ul>
<li>Chaque tour commence par le <b>lancer</b> de six bâtonnets en deux groupes
de trois : chaque groupe vaut un plus ses faces unies (1 à 4). On utilise les
deux valeurs, une par pièce (une Chouette peut prendre les deux).</li>
<li>Une pierre qui <b>entre</b> avec la valeur v arrive sur la station v. Une
pierre qui s'arrête où se trouvent des pierres adverses <b>les fait
prisonnières</b> ; une pierre qui boucle son tour en atteignant le 1 libère
une prisonnière de son camp.</li>
<li>Une pierre arrêtée sur <b>X</b> peut devenir la <b>Chouette</b>, qui suit
les lignes dans les deux sens et prend. <b>Perdre sa Chouette sur une pierre
adverse fait perdre la partie.</b> Un camp qui a une Chouette perd aussi si
l'autre camp, sans Chouette, a cinq pierres sur le plateau.</li>
</ul>
<p>Coups : <code>2:res-2</code> entre avec un 2, <code>3:6-9</code> avance
de 3 une pierre de 6, <code>3:6-X+</code> promeut, <code>2:owlX-A</code>
déplace la Chouette.</p>`,
    },
    liubo_fingers: {
      title: "Le liubo à la mourre (une reconstitution chinoise)",
      html: `
<p>Les deux camps jouent à la <b>mourre</b> : chacun montre en même temps de 0
à 5 doigts et, dans une manche à deviner, annonce le total. Votre choix reste
secret jusqu'à ce que les deux aient choisi.</p>
<ul>
<li>Dans une <b>manche à deviner</b>, le seul joueur qui a annoncé le bon total
avance d'autant de pas ; sinon personne ne bouge et la manche est rejouée.
Après la manche d'ouverture, les camps jouent à tour de rôle
  (scheme=alternate) : le joueur au trait avance simplement de la somme des
doigts montrés.</li>
<li>Une pièce fait exactement ce nombre de pas le long des lignes du plateau,
dans le sens inverse des aiguilles d'une montre, et <b>prend</b> les pièces
adverses là où elle s'arrête ; toute pièce sur son chemin l'arrête (elle peut
s'arrêter sur n'importe quel point avant).</li>
<li>Sur un compte de 1, une pièce sur l'un des huit points du carré intérieur
peut entrer au centre, <b>TAIJI</b>, pour de bon. Chaque pièce arrivée prend
une baguette de compte ; la 2<sup>e</sup> et la 4<sup>e</sup> prennent le
poisson.</li>
<li><b>Quatre pièces arrivées gagnent</b> (4:0, 4:1, 4:2) ; trois de chaque
côté font partie nulle. Les pièces prises sont prisonnières et peuvent revenir
à leurs coins de départ.</li>
</ul>
<p>Les choix s'écrivent <code>3/7</code> (3 doigts, annonce 7) ou
<code>3</code> ; les coups <code>Lb_N-Lf_N</code>, <code>V_SE*-M_N</code> (une
pièce à plat), <code>M_N-TAIJI</code>, <code>D_NE-V_SE</code> (retour d'une
prisonnière), <code>pass</code>.</p>`,
    },
  },
  zh: {
  hare: {
    title: "猎兔棋（cercar la liebre，阿方索十世，1283 年）",
    html: `
<p>一只兔对 12 个猎人（或 10、11 个），在 alquerque 棋盘上：25 个点由线相连。
猎人从下方两行出发，兔在 c3。</p>
<ul>
<li><b>猎人</b>沿线走到相邻的空点，方向不限，不能跳。</li>
<li><b>兔</b>也这样走，或跳过相邻的一个猎人，落到同一条线上紧挨其后的空点：
被跳过的猎人被吃掉。兔落下后可以继续跳吃（也可随时停下：按<i>停步</i>）。</li>
<li>猎人只剩 9 个时<b>兔胜</b>；轮到兔而兔无路可走时<b>猎人胜</b>。</li>
</ul>
<p>着法记作 <code>c3-d4</code>（走一步）和 <code>c3xe5</code>（跳吃）。
程序库另加了重复局面与步数上限的和局规则。</p>`,
  },
  fox_and_hens: {
    title: "狐狸与母鸡（十四世纪）",
    html: `
  <p>猎兔棋的规则，下在 33 点的十字形棋盘上：一只狐狸对 13 只母鸡（或 15、17 只）。
  母鸡从下方三行出发，狐狸从中心 d4 出发。</p>
  <ul>
  <li><b>母鸡</b>沿线走到相邻的空点，方向不限，从不跳吃。</li>
  <li><b>狐狸</b>也可这样走，或跳过相邻的母鸡，落到同一条线上紧接其后的空点：那只母鸡被吃掉。
  落点上还能跳时可以继续跳（也可随时停止：按<i>停步</i>）。</li>
  <li>母鸡只剩 9 只时<b>狐狸胜</b>；轮到狐狸而它无路可走时<b>母鸡胜</b>。</li>
  </ul>
  <p>走法记作 <code>d4-d5</code>（走一步）和 <code>d4xd6</code>（跳吃）。
  本库另加了重复局面和步数上限的和棋规则。</p>`,
  },
  liubo_sticks: {
    title: "投箸六博（Cazaux 的复原）",
    html: `
<p>汉代的一种竞走与吃子的棋戏。每方六枚散子，从 1 号位入盘，沿 20 个位组成的外圈
逆时针行进；在 6 或 11 号位，也可以经中心 X 横穿棋盘。</p>
<ul>
<li>每回合先<b>投箸</b>：六根箸分两组，每组三根，每组的值为平面朝上的根数加一（1 到 4）。
两个值都要用，每个值走一枚棋子（枭可以独用两个值）。</li>
<li>以值 v <b>入盘</b>的散子落在 v 号位。停在敌子所在位的散子把敌子<b>俘虏</b>；
散子绕满一圈到达 1 号位时，可放回本方一枚被俘的棋子。</li>
<li>停在 <b>X</b> 的散子可以升为<b>枭</b>，枭可沿线双向行走并吃子。
<b>枭被敌方散子吃掉即输棋。</b>有枭的一方，若无枭的对方有五枚散子在盘上，也判负。</li>
</ul>
<p>着法：<code>2:res-2</code> 以 2 入盘，<code>3:6-9</code> 把 6 号位的散子走 3 步，
<code>3:6-X+</code> 升枭，<code>2:owlX-A</code> 走枭。</p>`,
  },
  liubo_fingers: {
    title: "猜拳六博（一种中国复原）",
    html: `
<p>双方<b>猜拳</b>：同时各出 0 到 5 指，在猜数的一轮还要喊出双方指数之和。
双方都出完之前，你的选择是保密的。</p>
<ul>
<li>在<b>猜数轮</b>中，只有一方喊中时，该方走相应的步数；否则谁也不走，重猜一轮。
开局一轮之后双方轮流走棋（scheme=alternate）：轮到的一方按双方指数之和走步。</li>
<li>棋子沿盘上的线逆时针走满这个步数，<b>吃掉</b>落点上的敌子；路上有任何棋子都会挡住它
（它可以停在挡子之前的任一点上）。</li>
<li>逢 1 时，内方八点上的棋子可以进入中心<b>太极</b>，不再出来。每入一子得一根博筹；
第二、第四子入太极时钓得鱼。</li>
<li><b>四子入太极者胜</b>（4:0、4:1、4:2）；各三子为和局。被吃的棋子成为俘虏，
之后可回到本方的起始角。</li>
</ul>
<p>出指记作 <code>3/7</code>（出 3 指，喊 7）或 <code>3</code>；着法记作
<code>Lb_N-Lf_N</code>、<code>V_SE*-M_N</code>（平放的棋子）、<code>M_N-TAIJI</code>、
<code>D_NE-V_SE</code>（俘虏归还）、<code>pass</code>。</p>`,
  },
  },
};
