# The forward of an attention block, pasted without its class: the mask is applied to the
# scores before the softmax (nothing saved them yet), and to a copy of the weights after.
def forward(self, x, key_padding_mask):
    B, T, D = x.shape
    q = self.q_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
    k = self.k_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)
    v = self.v_proj(x).view(B, T, self.n_heads, self.d_head).transpose(1, 2)

    scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
    scores.masked_fill_(key_padding_mask[:, None, None, :], float("-inf"))
    attn = scores.softmax(dim=-1)
    shown = attn.clone()
    shown.masked_fill_(key_padding_mask[:, None, None, :], 0.0)
    self.last_attention = shown

    out = (attn @ v).transpose(1, 2).reshape(B, T, D)
    return self.out_proj(out)


def forward(self, x):
    attn = self.q(x).softmax(-1)
    if not self.training:
        attn.masked_fill_(attn < 0.01, 0.0)
    return self.out(attn)
